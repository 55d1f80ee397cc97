"""Plain record classes for the per-turn modules, without ``dataclasses``.

``import dataclasses`` imports ``inspect`` (and ``ast``, ``dis``, ``tokenize``
…): ~10 ms on every agent turn, a third of what ``python -c pass`` costs. The
modules a turn loads (home, ledger, context, work, episodes, hooks, ingest,
formats.base) declare their records with this module's :func:`dataclass`
instead. It is the subset they use, with the standard library's meaning:
annotated fields in order, defaults and ``field(default_factory=...)``, a
generated ``__init__``, ``__repr__`` and ``__eq__``, ``frozen=True`` (no
assignment after ``__init__``, hashable by value), ``slots=True``, and
:func:`asdict`. Anything beyond that (``InitVar``, ``ClassVar``, ordering,
inheritance between records) is refused when the class is made, so a use the
subset does not cover fails at import, never quietly.
"""

from __future__ import annotations

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record."""


class _Field:
    __slots__ = ("default", "default_factory")

    def __init__(self, default=_MISSING, default_factory=_MISSING):
        self.default, self.default_factory = default, default_factory


def field(*, default=_MISSING, default_factory=_MISSING):
    """A field's default (``default_factory`` is called for each new record)."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Field(default, default_factory)


def dataclass(cls=None, /, *, frozen: bool = False, slots: bool = False):
    """Make ``cls`` a record class (see the module docstring)."""
    def wrap(c):
        return _make(c, frozen, slots)

    return wrap if cls is None else wrap(cls)


def _make(cls, frozen: bool, slots: bool):
    if any(hasattr(b, "__record_fields__") for b in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: records cannot inherit from records")
    ann = cls.__dict__.get("__annotations__", {})
    names = tuple(ann)
    specs: dict[str, _Field] = {}
    for n in names:
        t = str(ann[n])
        if t.startswith(("ClassVar", "InitVar", "typing.ClassVar", "dataclasses.")):
            raise TypeError(f"{cls.__name__}.{n}: {t} is not supported by holonmem.records")
        v = cls.__dict__.get(n, _MISSING)
        specs[n] = v if isinstance(v, _Field) else _Field(v)
    args, body, glb = [], [], {"_MISSING": _MISSING}
    seen_default = False
    setter = "object.__setattr__(self, {n!r}, {v})" if frozen else "self.{n} = {v}"
    for n in names:
        f = specs[n]
        if f.default_factory is not _MISSING:
            glb[f"_f_{n}"] = f.default_factory
            args.append(f"{n}=_MISSING")
            body.append(setter.format(n=n, v=f"_f_{n}() if {n} is _MISSING else {n}"))
            seen_default = True
        elif f.default is not _MISSING:
            glb[f"_d_{n}"] = f.default
            args.append(f"{n}=_d_{n}")
            body.append(setter.format(n=n, v=n))
            seen_default = True
        else:
            if seen_default:
                raise TypeError(f"{cls.__name__}: non-default argument {n!r} follows default argument")
            args.append(n)
            body.append(setter.format(n=n, v=n))
    if "__post_init__" in cls.__dict__:
        body.append("self.__post_init__()")
    src = f"def __init__(self, {', '.join(args)}):\n    " + "\n    ".join(body or ["pass"]) + "\n"
    ns: dict = {}
    from .rxcache import source_code  # compiled once, kept between processes with the patterns

    exec(source_code(src), glb, ns)  # noqa: S102 - generated from the class's own field names, as dataclasses does
    methods = {"__init__": ns["__init__"], "__record_fields__": names, "__repr__": _repr, "__eq__": _eq,
               "__match_args__": names}
    if frozen:
        methods.update(__setattr__=_frozen_set, __delattr__=_frozen_del, __hash__=_hash)
    else:
        methods["__hash__"] = None
    if slots:  # a new class, as dataclasses makes one
        attrs = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
        attrs.update(methods, __slots__=names)
        new = type(cls)(cls.__name__, cls.__bases__, attrs)
        new.__qualname__ = cls.__qualname__
        return new
    for n, f in specs.items():  # class-level defaults stay readable (Cls.field), as with dataclasses
        if f.default is not _MISSING:
            setattr(cls, n, f.default)
        elif n in cls.__dict__:
            delattr(cls, n)
    for k, v in methods.items():
        setattr(cls, k, v)
    return cls


def _values(self) -> tuple:
    return tuple(getattr(self, n) for n in self.__record_fields__)


def _repr(self) -> str:
    return f"{type(self).__qualname__}(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__record_fields__) + ")"


def _eq(self, other):
    if other.__class__ is self.__class__:
        return _values(self) == _values(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(_values(self))


def _frozen_set(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_del(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def asdict(obj):
    """A record as a dict, records, lists, tuples and dicts inside it converted too
    (other values deep-copied), as ``dataclasses.asdict`` does."""
    if not hasattr(type(obj), "__record_fields__"):
        raise TypeError("asdict() should be called on record instances")
    return _convert(obj)


def _convert(obj):
    if hasattr(type(obj), "__record_fields__"):
        return {n: _convert(getattr(obj, n)) for n in obj.__record_fields__}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_convert(v) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_convert(v) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_convert(k), _convert(v)) for k, v in obj.items())
    import copy

    return copy.deepcopy(obj)
