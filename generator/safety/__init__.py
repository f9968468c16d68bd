"""Rule files are untrusted: what a rule text may write into a page
(:mod:`.sanitize`), which names of the page's own parts it may not use
(:mod:`.hooks`) and how much work its template may do (:mod:`.sandbox`)."""
