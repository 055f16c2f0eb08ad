"""What every match event shares: its ``to_dict()``."""

from __future__ import annotations

from typing import Any


def as_dict(ev: tuple[Any, ...], name: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """The event as JSON-able data: its ``type`` and each field (tuples as
    lists)."""
    out: dict[str, Any] = {"type": name}
    for k, v in zip(fields, ev, strict=True):
        out[k] = list(v) if isinstance(v, tuple) else v
    return out
