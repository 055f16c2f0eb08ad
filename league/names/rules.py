"""What a name may be: the names of leagues, seasons, divisions, teams and
players, however they are given (the API, the site's forms).

A name is read as people read it. It is stored in Unicode's compatibility
form (NFKC: a full-width "Ｇ" is "G", "ﬁ" is "fi"), its spaces of any width
one space each, trimmed; so two names that look alike compare alike, and
"Reavers" taken, "Ｒeavers" is taken too (the uniqueness checks compare
the stored form, in any case).

Refused, each with the field it concerns:

- ``blank``: nothing visible (spaces, a zero-width space, accents alone);
- ``invalid_character``: a character nobody sees or that changes how the
  rest is shown: a control character (a tab, a new line, an escape
  sequence), a format character (a right-to-left override, a zero-width
  space, a byte-order mark), a line or paragraph separator, a private-use
  or unassigned code point;
- ``mixed_script``: letters of Latin, Greek and Cyrillic mixed, whose
  look-alikes ("Gоuged Eye" with a Cyrillic "о") pass for another name;
- ``max_length``: longer than the field holds, once normalised.
"""

from __future__ import annotations

import unicodedata

from engine.facade import Violation

# Decision: the zero-width joiner and non-joiner shape what stands on both
# sides of them (emoji sequences, Persian and Indic scripts), so they are
# kept there; anywhere else (an end, beside a space or another joiner)
# they only hide, and are refused like the other format characters.
JOINERS = frozenset("\u200c\u200d")
# The Unicode categories refused, as a message names them.
REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "a format character",
    "Cs": "a surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
# Decision: Unicode's "Moderately Restrictive" level (UTS #39, section 5.2):
# Latin may go with any one other script except Greek and Cyrillic, whose
# letters look like Latin ones; nor may Greek go with Cyrillic. A name all
# in one of them ("Орки") stands.
CONFUSABLE_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC"})
VISIBLE = ("L", "N", "S", "P")
NAME_MAX_LENGTH = 100  # a league's, season's, team's and player's name


def name_normalize(raw: str) -> str:
    """``raw`` in compatibility form, each run of spaces one space, trimmed."""
    return " ".join(unicodedata.normalize("NFKC", raw).split())


def _hidden(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, if any."""
    for index, char in enumerate(text):
        if char in JOINERS:
            before = text[index - 1] if index else " "
            after = text[index + 1] if index + 1 < len(text) else " "
            if " " not in (before, after) and not JOINERS & {before, after}:
                continue
            return char
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return char
    return None


def _scripts(text: str) -> set[str]:
    """The look-alike scripts whose letters ``text`` holds."""
    scripts = set()
    for char in text:
        if unicodedata.category(char).startswith("L"):
            script = unicodedata.name(char, "").split(" ", 1)[0]
            if script in CONFUSABLE_SCRIPTS:
                scripts.add(script)
    return scripts


def name_violation(
    raw: str, *, field: str, what: str = "name", max_length: int = NAME_MAX_LENGTH
) -> Violation | None:
    """Why ``raw`` is no name (see the module's docstring), or None."""
    # Decision: every whitespace character but the plain space (a tab, a
    # new line) is refused rather than turned into a space: a name is one
    # line, and a client sending a tab has a bug worth hearing of. NFKC has
    # already made the other spaces (no-break, em, ideographic) plain ones.
    text = unicodedata.normalize("NFKC", raw)
    char = _hidden(text) or next((c for c in text if c.isspace() and c != " "), None)
    if char is not None:
        kind = REFUSED_CATEGORIES.get(unicodedata.category(char), "a space")
        return Violation(
            "invalid_character",
            field,
            f"a {what} cannot hold U+{ord(char):04X}: "
            f"{unicodedata.name(char, kind)}, which is not shown as written",
        )
    name = name_normalize(raw)
    if not any(unicodedata.category(c).startswith(VISIBLE) for c in name):
        return Violation("blank", field, f"the {what} has nothing to read")
    scripts = _scripts(name)
    if len(scripts) > 1:
        listed = " and ".join(s.title() for s in sorted(scripts))
        return Violation(
            "mixed_script",
            field,
            f"a {what} cannot mix {listed} letters, which look alike",
        )
    if len(name) > max_length:
        return Violation(
            "max_length",
            field,
            f"a {what} has at most {max_length} characters (this one has {len(name)})",
        )
    return None
