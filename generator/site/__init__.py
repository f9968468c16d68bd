"""The site: generation of every page, diagram and schema apart from any
site builder (:mod:`.build`), and the thin MkDocs plugin (:mod:`.plugin`)
with the fix-ups of what MkDocs, Material and i18n make together
(:mod:`.fixups`, :mod:`.typeset`)."""
