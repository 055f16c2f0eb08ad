"""Where a page shows a form's errors: the field group (``<div
class="field">``) of one field, and one form's HTML, for asserting that a
reason and the coach's input sit by the field they concern."""

from __future__ import annotations

import re

_DIV = re.compile(r"<div\b|</div>")


def field_group(html: str, field_id: str) -> str:
    """The ``<div class="field">`` holding the element ``id="<field_id>"``
    (its label, help, errors and input)."""
    at = html.index(f'id="{field_id}"')
    start = html.rindex('<div class="field', 0, at)
    depth = 0
    for tag in _DIV.finditer(html, start):
        depth += 1 if tag.group() == "<div" else -1
        if depth == 0:
            return html[start : tag.end()]
    raise AssertionError(f"the field group of {field_id} is not closed")


def form_html(html: str, form_id: str) -> str:
    """The ``<form id="<form_id>">`` element."""
    start = html.index(f'<form id="{form_id}"')
    return html[start : html.index("</form>", start) + len("</form>")]


def form_errors(html: str, form_id: str) -> str:
    """The errors that concern the form ``form_id`` as a whole (its
    ``<div class="errors">``); empty when it has none."""
    form = form_html(html, form_id)
    if '<div class="errors"' not in form:
        return ""
    start = form.index('<div class="errors"')
    return form[start : form.index("</div>", start)]
