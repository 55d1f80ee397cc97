"""``holonmem serve``: the review page, a local web app over the agent_home.

Layers, as everywhere in holonmem: :mod:`.views` gathers what a page shows
(data only, from the core modules: review, memory, journal, dream_apply's run
records, the ledger, context), :mod:`.edits` is the one writer this package
adds (a memory's text edited by hand, checksum-guarded, journaled, undoable),
:mod:`.timeline` lays out the SVG chart (pure), :mod:`.server` is the thin
HTTP layer (token, CSRF, routing, templates). Every other action calls the
same functions as the CLI (curate.promote/reject/forget/restore,
dream_apply.undo_run).

Only this package imports jinja2, and only when ``serve`` runs.
"""

JINJA_MISSING_HINT = "pip install 'holonmem[web]'   (or, in a checkout: .venv/bin/pip install -e '.[web]')"
