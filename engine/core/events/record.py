"""What every match event shares: its ``to_dict()``."""

from __future__ import annotations

from typing import Any


def _d(ev: tuple[Any, ...], name: str, fields: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": name}
    for k, v in zip(fields, ev, strict=True):
        out[k] = list(v) if isinstance(v, tuple) else v
    return out
