"""Rule files are untrusted: what a rule text may write into a page
(:mod:`.sanitize`) and how much work its template may do (:mod:`.sandbox`)."""
