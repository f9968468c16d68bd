"""What every layer may use and which uses nothing of the package: the string
tables of both languages (:mod:`.i18n`), the one writer of messages
(:mod:`.report`), cache files written whole (:mod:`.cachefile`), the worker
pool (:mod:`.processes`) and the compiled build of the hot modules
(:mod:`.buildinfo`, :mod:`.native`)."""
