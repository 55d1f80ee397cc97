"""Content digests: ``sha256``, ``sha1`` and ``md5`` constructors, the same digests as ``hashlib``'s.

``hashlib`` loads OpenSSL's backend at import (~3.5 ms), paid by every agent turn that
computes an event id or checks a file's hash; CPython's built-in implementations load in
a fraction of a millisecond. Where Python was built without them, ``hashlib``'s are used.
"""

from __future__ import annotations

try:
    from _sha256 import sha256  # Python 3.11
except ImportError:  # pragma: no cover - 3.12 renamed it; a build without it falls back
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256
try:
    from _sha1 import sha1
except ImportError:  # pragma: no cover
    from hashlib import sha1
try:
    from _md5 import md5  # whoosh's hash tables (see analysis._while_whoosh_loads)
except ImportError:  # pragma: no cover
    from hashlib import md5

__all__ = ["md5", "sha1", "sha256"]
