"""Admin edits write models directly, not through the services: each one
moves the page cache generation of the leagues it touched on."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from league.page_cache import leagues_cache_bump


class PageCacheAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A model admin whose saves and deletes bump the page cache.
    ``league_path`` is the lookup from the model to its league's id
    (``"pk"`` for a league, ``"league_id"``, ``"team__league_id"``…). An
    object moved to another league bumps both."""

    league_path = "league_id"

    def _league_ids(self, objects: QuerySet[Any]) -> set[int]:
        return set(objects.values_list(self.league_path, flat=True))

    def _stored(self, obj: Model) -> set[int]:
        if obj.pk is None:
            return set()
        return self._league_ids(type(obj)._default_manager.filter(pk=obj.pk))

    def save_model(
        self, request: HttpRequest, obj: Any, form: Any, change: bool
    ) -> None:
        before = self._stored(obj)  # the league it may be moving away from
        super().save_model(request, obj, form, change)
        leagues_cache_bump(before | self._stored(obj))

    def save_related(
        self, request: HttpRequest, form: Any, formsets: Any, change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        leagues_cache_bump(self._stored(form.instance))  # inline rows

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        leagues = self._stored(obj)
        super().delete_model(request, obj)
        leagues_cache_bump(leagues)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        leagues = self._league_ids(queryset)
        super().delete_queryset(request, queryset)
        leagues_cache_bump(leagues)
