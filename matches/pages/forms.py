"""Forms for the season and match pages: they parse input into the values
the services take; the services decide what is allowed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from django import forms
from django.forms.boundfield import BoundWidget

from league.forms import WebForm
from league.models import Team
from matches.event_text import STATS, PlayerInfo, recorded_stats
from matches.pages.selectors import StarInfo
from matches.postgame.scores import MAX_POINTS
from matches.prematch.inducements import Purchase
from matches.reports.lines import CasualtyLine, PlayerLine, Report

STAT_LIMITS = {"completions": 50}


def whole_number(text: str) -> int | None:
    """A query parameter read as a whole number: ASCII digits only
    (``str.isdigit()`` also takes "²") and no more than 18 of them, more
    than any id or count (``int()`` refuses over 4,300); None otherwise."""
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return None


class TeamChoiceField(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]
    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name} ({obj.get_status_display()})"


class SeasonForm(WebForm):
    name = forms.CharField(max_length=100)
    teams = TeamChoiceField(
        queryset=Team.objects.none(), widget=forms.CheckboxSelectMultiple
    )
    double_round_robin = forms.BooleanField(
        required=False, help_text="every pair of teams meets home and away"
    )
    playoff_teams = forms.IntegerField(
        min_value=0,
        max_value=64,
        initial=0,
        help_text="how many teams go on to the playoffs (0: none)",
    )
    seed = forms.IntegerField(
        min_value=0,
        max_value=2**62,
        required=False,
        help_text="dice seed for resolved matches (blank: random)",
    )

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["teams"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Team.objects.filter(pk__in=[t.pk for t in teams]).order_by(
            "name"
        )


class OverrideForm(WebForm):
    # points in Blitz Bowl; the service refuses what the format cannot score
    home_score = forms.IntegerField(min_value=0, max_value=MAX_POINTS)
    away_score = forms.IntegerField(min_value=0, max_value=MAX_POINTS)
    reason = forms.CharField(
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="kept in the match log",
    )


def stat_field(player: PlayerInfo | StarInfo, key: str) -> str:
    if isinstance(player, StarInfo):
        return f"s_{player.slug}_{key}"
    return f"p{player.id}_{key}"


def _stat_input(long: str, label: str, key: str) -> forms.IntegerField:
    return forms.IntegerField(
        min_value=0,
        max_value=STAT_LIMITS.get(key, 20),
        required=False,
        label=f"{long} by {label}",
        widget=forms.NumberInput(
            attrs={
                "inputmode": "numeric",
                "class": "stat",
                "placeholder": "0",
                "title": long,
            }
        ),
    )


ROLE_LABELS = {
    "knocked_out": "knocked out during the game",
    "sent_off": "sent off by the referee",
}
# The report's column for each role, beside a player's statistics.
ROLE_COLUMNS = {"knocked_out": "KO", "sent_off": "Off"}


@dataclass(frozen=True)
class RoleMark:
    """One player's checkbox of a role (knocked out, sent off): the form's
    own option of that player, drawn in his row."""

    short: str
    long: str
    widget: BoundWidget


class ReportForm(WebForm):
    """The score, concession, Fan Factor dice, notes, and one number per
    player and statistic. Every field may be blank so a half-typed report
    can be saved as a draft; ``report()`` insists on what a submission
    needs."""

    home_score = forms.IntegerField(min_value=0, max_value=30, required=False)
    away_score = forms.IntegerField(min_value=0, max_value=30, required=False)
    conceded_by = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, label="Conceded by"
    )
    concession_legal = forms.BooleanField(
        required=False,
        label="A legal concession",
        help_text="before a set-up, with fewer than three players able to play: "
        "no penalty",
    )
    fan_factor_home = forms.IntegerField(
        min_value=1, max_value=3, required=False, label="Home Fan Factor D3"
    )
    fan_factor_away = forms.IntegerField(
        min_value=1, max_value=3, required=False, label="Away Fan Factor D3"
    )
    notes = forms.CharField(
        max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(
        self,
        *args: Any,
        players: list[PlayerInfo],
        home: Team,
        away: Team,
        stars: Sequence[StarInfo] = (),
        gathers_funds: bool = False,
        fan_factor: bool = True,
        mvp_nominations: int | None = None,
        stalling: bool = False,
        fmt: Any = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        # The statistics format ``fmt``'s matches record (``player_stats``:
        # BB2025 has no Deflection), as it names them; None: every one.
        self.stats = STATS if fmt is None else recorded_stats(fmt)
        self.home_id, self.away_id = home.pk, away.pk
        # BB2025: each coach's MVP nominations and the Stalling line
        self.mvp_nominations = mvp_nominations
        self.stalling = stalling
        # A format whose games have no Fan Factor (Dungeon Bowl) asks no D3s.
        self.fan_factor = fan_factor
        if not fan_factor:
            del self.fields["fan_factor_home"], self.fields["fan_factor_away"]
        # Dungeon Bowl: each team's Gather Funds actions (the Treasure Room)
        self.gathers_funds = gathers_funds
        if gathers_funds:
            for side, team in (("home", home), ("away", away)):
                self.fields[f"gather_funds_{side}"] = forms.IntegerField(
                    min_value=0,
                    max_value=16,
                    required=False,
                    label=f"{team.name}: Gather Funds actions",
                    help_text="in the Treasure Room; blank: none",
                )
        self.stars = list(stars)
        self.fields["home_score"].label = f"{home.name} score"
        self.fields["away_score"].label = f"{away.name} score"
        conceded = self.fields["conceded_by"]
        assert isinstance(conceded, forms.ChoiceField)
        conceded.choices = [
            ("", "Nobody conceded"),
            (home.pk, home.name),
            (away.pk, away.name),
        ]
        for field in ("home_score", "away_score", "fan_factor_home", "fan_factor_away"):
            if field in self.fields:
                self.fields[field].widget.attrs["inputmode"] = "numeric"
        # Star Players the teams fielded have the same counts as the
        # rostered players: the report service credits their touchdowns to
        # the score and gives them no SPP.
        everyone: list[PlayerInfo | StarInfo] = [*players, *self.stars]
        for person in everyone:
            for key, _short, long in self.stats:
                self.fields[stat_field(person, key)] = _stat_input(
                    long, person.label, key
                )
        # Per team: the MVP the table picked, who was knocked out, who was
        # sent off (rostered players only: Star Players are never MVP).
        for side, team in (("home", home), ("away", away)):
            mine = [(p.id, p.label) for p in players if p.side == side]
            self.fields[f"mvp_{side}"] = forms.TypedChoiceField(
                coerce=int,
                empty_value=None,
                required=False,
                choices=[("", "— drawn by the server"), *mine],
                label=f"{team.name} MVP",
                help_text="the player the table picked at random; blank: the "
                "server draws one",
            )
            for role, label in ROLE_LABELS.items():
                self.fields[f"{role}_{side}"] = forms.TypedMultipleChoiceField(
                    coerce=int,
                    required=False,
                    choices=mine,
                    label=f"{team.name}: {label}",
                    widget=forms.CheckboxSelectMultiple,
                )
            self._league_lines(side, team, mine)

    def _league_lines(self, side: str, team: Team, mine: list[tuple[int, str]]) -> None:
        """A format's MVP nominations and Stalling line, for ``side``."""
        if self.mvp_nominations is not None:
            self.fields[f"mvp_nominations_{side}"] = forms.TypedMultipleChoiceField(
                coerce=int,
                required=False,
                choices=mine,
                label=f"{team.name}: MVP nominations",
                help_text=f"up to {self.mvp_nominations} players who played; "
                "the server draws the MVP among them (none ticked: the "
                f"{self.mvp_nominations} with most SPP this game)",
                widget=forms.CheckboxSelectMultiple,
            )
        if self.stalling:
            self.fields[f"stalled_{side}"] = forms.BooleanField(
                required=False,
                label=f"{team.name} stalled",
                help_text="a player of the team was Stalling: no 10,000 "
                "no-stalling bonus in its winnings",
            )

    def league_line_fields(self, side: str) -> list[forms.BoundField]:
        """The MVP nominations and Stalling fields of ``side``, where the
        format has them."""
        names = (f"mvp_nominations_{side}", f"stalled_{side}")
        return [self[name] for name in names if name in self.fields]

    @property
    def role_columns(self) -> list[tuple[str, str]]:
        """(column, what it marks) for the roles' checkboxes in the rows."""
        return [(short, ROLE_LABELS[role]) for role, short in ROLE_COLUMNS.items()]

    def role_fields(self, side: str) -> list[forms.BoundField]:
        """The MVP, knocked-out and sent-off fields of ``side``."""
        return [self[f"{role}_{side}"] for role in ("mvp", "knocked_out", "sent_off")]

    def player_rows(
        self,
    ) -> list[
        tuple[
            PlayerInfo | StarInfo,
            list[tuple[str, forms.BoundField]],
            list[RoleMark],
        ]
    ]:
        """Each player, then each Star Player, with (short name, field) per
        statistic and his options of the knocked-out and sent-off fields
        (none for a Star Player)."""
        options: dict[tuple[str, int], list[RoleMark]] = {}
        for side in ("home", "away"):
            for role, short in ROLE_COLUMNS.items():
                for widget in self[f"{role}_{side}"].subwidgets:
                    mark = RoleMark(short, ROLE_LABELS[role], widget)
                    options.setdefault((side, widget.data["value"]), []).append(mark)
        everyone: list[PlayerInfo | StarInfo] = [*self.players, *self.stars]
        return [
            (
                p,
                [(short, self[stat_field(p, key)]) for key, short, _ in self.stats],
                [] if isinstance(p, StarInfo) else options.get((p.side, p.id), []),
            )
            for p in everyone
        ]


STAR_CHOICE = "star:"


class PlayerChoiceField(forms.ChoiceField):
    """A rostered player (his id) or a Star Player (``star:<slug>``).

    A star value is passed on as it is, listed or not: which Star Players
    a report may name is the report service's to decide (as for the API),
    and its refusal is shown next to this field."""

    def valid_value(self, value: Any) -> bool:
        return str(value).startswith(STAR_CHOICE) or super().valid_value(value)


def chosen_player(value: str | None) -> tuple[int | None, str | None]:
    """(player id, star slug) for a casualty row's player choice."""
    if not value:
        return None, None
    if value.startswith(STAR_CHOICE):
        return None, value.removeprefix(STAR_CHOICE)
    return int(value), None


class CasualtyForm(WebForm):
    player = PlayerChoiceField(required=False, label="Player hurt")
    inflicted_by = PlayerChoiceField(required=False, label="Inflicted by")
    casualty_roll = forms.IntegerField(
        min_value=1,
        max_value=100,
        required=False,
        label="Casualty roll",
        help_text="blank: the server rolls",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    lasting_roll = forms.IntegerField(
        min_value=1,
        max_value=6,
        required=False,
        label="Lasting injury D6",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    plague_ridden = forms.BooleanField(
        required=False,
        label="Plague Ridden: the victim becomes a Rotter",
        help_text="the killer's trait took him; enter the casualty roll",
    )
    raised_dead = forms.BooleanField(
        required=False,
        label="Masters of Undeath: the victim rises for the other team",
        help_text="he died (ST 4 or less, no Regeneration or Stunty); once a game",
    )

    def __init__(
        self,
        *args: Any,
        players: list[PlayerInfo],
        stars: Sequence[StarInfo] = (),
        raises_dead: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if not raises_dead:  # only where a team has Masters of Undeath
            del self.fields["raised_dead"]
        groups: dict[str, list[tuple[str, str]]] = {"home": [], "away": []}
        for p in players:
            groups[p.side].append((str(p.id), p.label))
        for star in stars:
            groups[star.side].append((star.choice, star.label))
        choices = [
            ("", "—"),
            *[(side.title(), opts) for side, opts in groups.items() if opts],
        ]
        for name in ("player", "inflicted_by"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = choices

    @property
    def is_blank(self) -> bool:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return not data.get("player")


def casualty_formset(
    data: Any,
    *,
    players: list[PlayerInfo],
    stars: Sequence[StarInfo] = (),
    raises_dead: bool = False,
) -> forms.BaseFormSet[Any]:
    """The casualty rows; ``raises_dead``: a team of the match has Masters
    of Undeath (the rows offer the line)."""
    formset = forms.formset_factory(CasualtyForm, extra=1, max_num=40)
    return formset(
        data,
        prefix="cas",
        form_kwargs={"players": players, "stars": stars, "raises_dead": raises_dead},
    )


@dataclass(frozen=True, slots=True)
class ParsedReport:
    report: Report
    line_players: list[PlayerInfo | StarInfo]  # players.<n> -> its row
    casualty_rows: list[int]  # casualties.<n> -> formset row
    # mvps.<n>, knocked_out.<n>, sent_off.<n> -> the form field it came from
    role_fields: dict[str, list[str]] = dataclass_field(default_factory=dict)


def _roles(
    form: ReportForm, data: Mapping[str, Any]
) -> dict[str, list[tuple[int, str]]]:
    """Each role's player ids (team ids for ``stalled``) with the form field
    each came from; more MVP nominations of a team than the format allows
    is an error on that team's field."""
    roles: dict[str, list[tuple[int, str]]] = {
        "mvps": [],
        "knocked_out": [],
        "sent_off": [],
        "mvp_nominations": [],
        "stalled": [],
    }
    for side, team_id in (("home", form.home_id), ("away", form.away_id)):
        if data.get(f"mvp_{side}") is not None:
            roles["mvps"].append((data[f"mvp_{side}"], f"mvp_{side}"))
        for role in ("knocked_out", "sent_off", "mvp_nominations"):
            name = f"{role}_{side}"
            roles[role] += [(pid, name) for pid in data.get(name) or []]
        nominated = data.get(f"mvp_nominations_{side}") or []
        limit = form.mvp_nominations
        if limit is not None and len(nominated) > limit:
            form.add_error(
                f"mvp_nominations_{side}",
                f"Nominate at most {limit} players ({len(nominated)} ticked).",
            )
        if data.get(f"stalled_{side}"):
            roles["stalled"].append((team_id, f"stalled_{side}"))
    return roles


def parse_report(
    form: ReportForm, casualties: forms.BaseFormSet[Any]
) -> ParsedReport | None:
    """The report the forms describe, or None (with errors on the forms)
    when something a submission needs is missing or malformed."""
    ok = form.is_valid()
    ok = all(f.is_valid() for f in casualties.forms) and ok
    if not ok:
        return None
    data = form.cleaned_data
    for side in ("home_score", "away_score"):
        if data.get(side) is None:
            form.add_error(side, "Enter the score.")
    rolls = (data.get("fan_factor_home"), data.get("fan_factor_away"))
    if (rolls[0] is None) != (rolls[1] is None):
        form.add_error("fan_factor_home", "Enter both D3s, or neither.")
    if form.errors:
        return None
    lines: list[PlayerLine] = []
    line_players: list[PlayerInfo | StarInfo] = []
    everyone: list[PlayerInfo | StarInfo] = [*form.players, *form.stars]
    for player in everyone:
        values: dict[str, Any] = {
            key: data.get(stat_field(player, key)) or 0 for key, _, _ in form.stats
        }
        if any(values.values()):
            if isinstance(player, StarInfo):
                lines.append(PlayerLine(star_player=player.slug, **values))
            else:
                lines.append(PlayerLine(player_id=player.id, **values))
            line_players.append(player)
    cas_lines: list[CasualtyLine] = []
    rows: list[int] = []
    for row, cas in enumerate(casualties.forms):
        if cas.is_blank:
            continue
        c = cas.cleaned_data
        victim, victim_star = chosen_player(c["player"])
        by, by_star = chosen_player(c.get("inflicted_by"))
        cas_lines.append(
            CasualtyLine(
                player_id=victim,
                star_player=victim_star,
                casualty_roll=c.get("casualty_roll"),
                lasting_roll=c.get("lasting_roll"),
                inflicted_by=by,
                inflicted_by_star=by_star,
                plague_ridden=bool(c.get("plague_ridden")),
                raised_dead=bool(c.get("raised_dead")),
            )
        )
        rows.append(row)
    roles = _roles(form, data)
    if form.errors:
        return None
    report = Report(
        home_score=data["home_score"],
        away_score=data["away_score"],
        players=lines,
        casualties=cas_lines,
        conceded_by=data.get("conceded_by"),
        concession_legal=bool(data.get("concession_legal")),
        fan_factor_rolls=(rolls[0], rolls[1])  # type: ignore[arg-type]
        if rolls[0] is not None
        else None,
        notes=data.get("notes", ""),
        mvps=[pid for pid, _ in roles["mvps"]],
        knocked_out=[pid for pid, _ in roles["knocked_out"]],
        sent_off=[pid for pid, _ in roles["sent_off"]],
        mvp_nominations=[pid for pid, _ in roles["mvp_nominations"]],
        stalled=[team_id for team_id, _ in roles["stalled"]],
        gather_funds=(
            data.get("gather_funds_home") or 0,
            data.get("gather_funds_away") or 0,
        )
        if form.gathers_funds
        else None,
    )
    return ParsedReport(
        report,
        line_players,
        rows,
        {kind: [name for _, name in pairs] for kind, pairs in roles.items()},
    )


# --- inducements ----------------------------------------------------------------


class InducementForm(WebForm):
    """One side's shopping list: a count per item of the offer, the Star
    Players picked by name, and the position a mercenary count hires. Limits
    and the budget are the service's to check."""

    def __init__(
        self,
        *args: Any,
        offer: list[dict[str, Any]],
        positions: list[tuple[str, str]],
        skills: Sequence[tuple[str, str]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.offer = offer
        self.star_fields: list[str] = []
        for item in offer:
            slug, limit = item["slug"], item["max"]
            if slug == "star_players":
                choices = [("", "—")] + [
                    (
                        s["slug"],
                        f"{s['name']} ({s['price']:,}"
                        + (f", {s['players']} players" if s["players"] > 1 else "")
                        + ")",
                    )
                    for s in item["choices"]
                ]
                for n in range(1, limit + 1):
                    name = f"star_player_{n}"
                    self.fields[name] = forms.ChoiceField(
                        required=False, choices=choices, label=f"Star Player {n}"
                    )
                    self.star_fields.append(name)
                continue
            price = item["price"]
            # Mercenaries have no count of their own (None): the team's
            # player and position limits bound them, checked by the service.
            count = (
                f"0–{limit}" if limit is not None else "as many as the roster allows"
            )
            attrs: dict[str, Any] = {"inputmode": "numeric", "min": 0}
            if limit is not None:
                attrs["max"] = limit
            self.fields[slug] = forms.IntegerField(
                min_value=0,
                required=False,
                initial=0,
                label=item["name"],
                help_text=(
                    f"{price:,} each · {count}"
                    if price is not None
                    else f"the position's price + 30,000 · {count}"
                ),
                widget=forms.NumberInput(attrs=attrs),
            )
            if slug == "mercenaries":
                self.fields["mercenary_position"] = forms.ChoiceField(
                    required=False,
                    choices=[("", "—"), *positions],
                    label="Mercenary position",
                )
                self.fields["mercenary_skill"] = forms.ChoiceField(
                    required=False,
                    choices=[("", "none"), *skills],
                    label="Mercenary extra skill",
                    help_text="one Primary skill of the position, +50,000 each",
                )

    def purchases(self) -> list[tuple[str, Purchase]]:
        """(form field, purchase) for everything asked for."""
        data = self.cleaned_data
        out: list[tuple[str, Purchase]] = []
        for item in self.offer:
            slug = item["slug"]
            if slug == "star_players":
                for name in self.star_fields:
                    if data.get(name):
                        out.append((name, Purchase(slug, 1, star_player=data[name])))
                continue
            count = data.get(slug) or 0
            if not count:
                continue
            if slug == "mercenaries":
                position = data.get("mercenary_position") or None
                skill = data.get("mercenary_skill") or None
                out.append(
                    (slug, Purchase(slug, count, position=position, skill=skill))
                )
            else:
                out.append((slug, Purchase(slug, count)))
        return out
