"""What a commissioner sees and may do in the admin: the objects of the
leagues they run, and nothing else.

Every model admin that shows league data mixes in :class:`CommissionerScope`
and names the lookup from its model to the league id (``league_path``, the
same one the page cache uses). For anyone but the superuser:

- ``get_queryset`` keeps the rows of their leagues only, so changelists,
  change, history and delete pages, raw-id pop-ups and autocomplete (which
  all start from it) answer 404 for another league's objects;
- view is allowed on those rows, change only where the admin says
  ``commissioner_can_change``; add and delete never (Decision: teams,
  players, seasons and matches are created and removed by the services,
  which check the rules and write the audit log; the admin only corrects
  fields and runs audited actions). The one exception is a new league
  (:func:`may_add_league`), which the admin creates through the same
  service as the site, its creator becoming its commissioner;
- the foreign keys that tie an object to a league (``scope_fields``) are
  read-only, so nothing can be moved into another league.

The superuser keeps Django's behaviour unchanged.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest

from league.selectors import league_ids_run_by

ALWAYS_READ_ONLY_FOR_COMMISSIONERS = (
    # What ties an object to a league, or to a person.
    "league",
    "team",
    "season",
    "commissioner",
    "coach",
    "teams",
    "home",
    "away",
    "player",
    "created_by",
    "submitted_by",
    "conceded_by",
    # A season's champion: the close records it (a choice here listed, and
    # took, every league's teams).
    "champion",
    # Decision: a status (a player's death or retirement, a team's, a
    # season's, a match's) and a match's stage move only through the
    # services, which check the rules and log what they did; a commissioner
    # who edited them by hand could close a season or revive a player with
    # no audit row. The superuser may still edit them.
    "status",
    "stage",
)


def commissioner_read_only(model: type[Model], fields: Any) -> list[str]:
    """``fields`` plus the model's fields a commissioner never edits."""
    opts = model._meta
    names = {f.name for f in (*opts.concrete_fields, *opts.many_to_many)}
    listed = list(fields)
    return listed + [
        name
        for name in ALWAYS_READ_ONLY_FOR_COMMISSIONERS
        if name in names and name not in listed
    ]


def is_superuser(request: HttpRequest) -> bool:
    return bool(getattr(request.user, "is_superuser", False))


def may_add_league(user: Any) -> bool:
    """Who may create a league in the admin: the superuser, a commissioner
    (who runs a league already), and a staff account given the "Can add
    league" permission (which then runs the leagues it creates)."""
    if not (user.is_authenticated and user.is_active):
        return False
    if user.is_superuser or league_ids_run_by(user):
        return True
    return bool(user.is_staff and user.has_perm("league.add_league"))


def scoped_league_ids(request: HttpRequest) -> frozenset[int]:
    """The leagues ``request.user`` runs, read once per request."""
    cached: frozenset[int] | None = getattr(request, "_dugout_league_ids", None)
    if cached is None:
        cached = league_ids_run_by(request.user)
        request._dugout_league_ids = cached  # type: ignore[attr-defined]
    return cached


class CommissionerScope:
    """Mix in before ``admin.ModelAdmin`` (or a subclass of it)."""

    league_path = "league_id"
    commissioner_can_change = False
    # False for a model whose rows only the services make (a season's seed,
    # a player's characteristics and value, a match's round): the add form
    # leaves them empty or read-only, and its save reached the database's
    # NOT NULL (a 500), the superuser's too.
    superuser_can_add = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        qs: QuerySet[Any] = super().get_queryset(request)  # type: ignore[misc]
        if is_superuser(request):
            return qs
        return qs.filter(**{f"{self.league_path}__in": scoped_league_ids(request)})

    def get_object(
        self, request: HttpRequest, object_id: str, from_field: str | None = None
    ) -> Any:
        """Another league's object is a 404 for a commissioner, exactly as
        one that does not exist (the stock admin redirects to the index with
        a message instead)."""
        obj = super().get_object(request, object_id, from_field)  # type: ignore[misc]
        if obj is None and not is_superuser(request):
            raise Http404("not one of your leagues' objects")
        return obj

    def _in_scope(self, request: HttpRequest, obj: Model | None) -> bool:
        if not scoped_league_ids(request):
            return False
        if obj is None:
            return True
        return self.get_queryset(request).filter(pk=obj.pk).exists()

    def has_module_permission(self, request: HttpRequest) -> bool:
        if is_superuser(request):
            return bool(super().has_module_permission(request))  # type: ignore[misc]
        return bool(scoped_league_ids(request))

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request):
            return bool(super().has_view_permission(request, obj))  # type: ignore[misc]
        return self._in_scope(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request):
            return bool(super().has_change_permission(request, obj))  # type: ignore[misc]
        return self.commissioner_can_change and self._in_scope(request, obj)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        if is_superuser(request) and self.superuser_can_add:
            return bool(super().has_add_permission(request, *args))  # type: ignore[misc]
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request):
            return bool(super().has_delete_permission(request, obj))  # type: ignore[misc]
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = super().get_readonly_fields(request, obj)  # type: ignore[misc]
        if is_superuser(request):
            return fields
        return commissioner_read_only(self.model, fields)  # type: ignore[attr-defined]


class RowLabels:
    """A tabular inline's formset whose inputs are named: Django puts them
    in table cells under column headings, which label no input, so a screen
    reader announces an unnamed box. Each input gets an ``aria-label`` of
    its column and row: "Name, #1 Orc Lineman 1"."""

    def add_fields(self, form: Any, index: int | None) -> None:
        super().add_fields(form, index)  # type: ignore[misc]
        row = str(form.instance) if form.instance.pk else "new row"
        for name, field in form.fields.items():
            if not field.widget.is_hidden:
                label = field.label or name.replace("_", " ").capitalize()
                field.widget.attrs.setdefault("aria-label", f"{label}, {row}")


class ScopedInline:
    """An inline under a scoped admin: the parent's change page is already
    limited to the commissioner's leagues, so the inline's rows are theirs.
    Commissioners view them and change them only where
    ``commissioner_can_change``; never add or delete. A tabular one names
    its inputs (:class:`RowLabels`)."""

    commissioner_can_change = False
    superuser_can_add = True  # as ``CommissionerScope.superuser_can_add``

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        formset = super().get_formset(request, obj, **kwargs)  # type: ignore[misc]
        if isinstance(self, admin.TabularInline):
            return type(formset.__name__, (RowLabels, formset), {})
        return formset

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request):
            return bool(super().has_view_permission(request, obj))  # type: ignore[misc]
        return bool(scoped_league_ids(request))

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request):
            return bool(super().has_change_permission(request, obj))  # type: ignore[misc]
        return self.commissioner_can_change and bool(scoped_league_ids(request))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = super().get_readonly_fields(request, obj)  # type: ignore[misc]
        if is_superuser(request):
            return fields
        return commissioner_read_only(self.model, fields)  # type: ignore[attr-defined]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request) and self.superuser_can_add:
            return bool(super().has_add_permission(request, obj))  # type: ignore[misc]
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if is_superuser(request):
            return bool(super().has_delete_permission(request, obj))  # type: ignore[misc]
        return False


class RelatedOnlyListFilter(admin.RelatedOnlyFieldListFilter):
    """Django's filter of the values found in the changelist, its choices
    read in one query: the rows their names show (``select_related``: a
    season is named "League — Season") come with them, where Django's
    ``get_choices`` would read one per choice."""

    select_related: tuple[str, ...] = ()

    def field_choices(
        self, field: Any, request: HttpRequest, model_admin: Any
    ) -> list[tuple[Any, str]]:
        found = (
            model_admin.get_queryset(request)
            .distinct()
            .values_list(f"{self.field_path}__pk", flat=True)
        )
        rows = field.related_model._default_manager.filter(pk__in=found)
        if self.select_related:
            rows = rows.select_related(*self.select_related)
        ordering = self.field_admin_ordering(field, request, model_admin)
        if ordering:
            rows = rows.order_by(*ordering)
        return [(row.pk, str(row)) for row in rows]


def league_filter(
    path: str, *related: str
) -> tuple[str, type[admin.RelatedOnlyFieldListFilter]]:
    """A list filter on a relation that offers only the values found in the
    (scoped) changelist: the default filter would list every league's name.
    ``related``: what the choices' names read (``"league"`` for a season)."""
    if not related:
        return (path, RelatedOnlyListFilter)
    return (
        path,
        type(
            "RelatedOnlyListFilter",
            (RelatedOnlyListFilter,),
            {"select_related": related},
        ),
    )
