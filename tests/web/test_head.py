"""A page that answers GET answers HEAD too (RFC 9110 9.3.2: every
general-purpose server supports both): the same status and headers, no
body. Link checkers, uptime monitors and calendar apps ask with HEAD."""

from __future__ import annotations

import pytest

from tests.web.pages import (
    World,
    all_pages,
    saved_small_world,  # noqa: F401 (fixture)
)

READ_PAGES = [page for page in all_pages() if page.post is None]


@pytest.mark.parametrize("page", READ_PAGES, ids=lambda page: page.name)
def test_every_page_answers_head_as_it_answers_get(
    client,
    saved_small_world,  # noqa: F811
    django_user_model,
    page,
):
    world: World = saved_small_world.load()
    if page.user is not None:
        client.force_login(django_user_model.objects.get(username=page.user))
    path = page.path(world)

    got = client.get(path)
    head = client.head(path)

    assert (head.status_code, head.get("Content-Type")) == (
        got.status_code,
        got.get("Content-Type"),
    )
    assert head.content == b""


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/healthz", "/leagues/999999/fixtures.ics"])
def test_the_health_check_and_the_feeds_answer_head(client, path):
    assert client.head(path).status_code == client.get(path).status_code
