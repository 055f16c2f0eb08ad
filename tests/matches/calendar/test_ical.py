"""The iCalendar feeds of a league's and a team's fixtures."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from league.models import Team
from matches.calendar.ical import Fixture, calendar, escape, fold
from matches.models import Match, MatchResult
from matches.seasons.round_dates import RoundDates, season_set_round_dates
from matches.seasons.services import match_postpone, season_create, season_schedule


@pytest.fixture(autouse=True)
def site(settings):
    """The site's address, whose host every event's UID names."""
    settings.SITE_URL = "https://dugout.example"


def unfold(text: str) -> list[str]:
    """Content lines of an iCalendar text (RFC 5545 3.1 unfolding)."""
    assert text.endswith("\r\n")
    return text.replace("\r\n ", "").split("\r\n")[:-1]


def events(text: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    current: dict[str, str] | None = None
    for line in unfold(text):
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            assert current is not None
            out.append(current)
            current = None
        elif current is not None:
            key, _, value = line.partition(":")
            current[key] = value
    return out


# --- the text ----------------------------------------------------------------


def test_text_values_are_escaped() -> None:
    assert escape("Orcs, Goblins; and \\ more\nnext") == (
        "Orcs\\, Goblins\\; and \\\\ more\\nnext"
    )
    assert escape("bell\x07 gone") == "bell gone"


def test_a_carriage_return_alone_is_a_line_break_too() -> None:
    """RFC 5545 3.3.11: a line break in a TEXT value is written ``\\n``; a
    name typed with an old Mac line end (CR alone) breaks its line there
    rather than running its two words together."""
    assert escape("Bash\rSmash\r\nCrash") == "Bash\\nSmash\\nCrash"


def test_long_lines_fold_at_75_octets_and_never_split_a_character() -> None:
    line = "SUMMARY:" + "é" * 60  # 8 + 120 octets
    folded = fold(line)
    parts = folded.split("\r\n ")
    # 8 + 33 x 2 = 74 octets: a 34th "é" would make 76, so the line breaks
    # before it rather than inside it; the other 27 (54 octets) follow.
    assert [len(p.encode()) for p in parts] == [74, 54]
    assert "".join(parts) == line
    assert fold("SHORT:x") == "SHORT:x"


def test_a_calendar_is_crlf_lines_with_one_all_day_event_per_fixture() -> None:
    stamp = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
    text = calendar(
        "Spring, fixtures",
        [
            Fixture(
                "match-7@dugout.test",
                date(2026, 12, 31),
                "A v B",
                "round 1",
                "https://dugout.test/matches/7/",
            )
        ],
        made_at=stamp,
    )
    lines = unfold(text)
    assert lines[:6] == [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Dugout//Blood Bowl league fixtures//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:Spring\\, fixtures",
    ]
    assert lines[-1] == "END:VCALENDAR"
    [event] = events(text)
    assert event["DTSTART;VALUE=DATE"] == "20261231"
    assert event["DTEND;VALUE=DATE"] == "20270101"  # the day after: all day
    assert event["DTSTAMP"] == "20261120T093000Z"
    assert event["UID"] == "match-7@dugout.test"
    assert event["STATUS"] == "CONFIRMED"


# --- the feeds ---------------------------------------------------------------


@pytest.fixture
def season(sevens, four_teams, alice):
    """Four teams, three rounds; rounds 1 and 2 dated, round 3 not."""
    first = four_teams[0]
    Team.objects.filter(pk=first.pk).update(name="Bash, Smash; Crash")
    season = season_create(league=sevens, name="Spring", seed=3)
    season_schedule(season_id=season.pk)
    season_set_round_dates(
        season_id=season.pk,
        rounds=[
            RoundDates("league", 1, date(2026, 12, 1), date(2026, 12, 4)),
            RoundDates("league", 2, date(2026, 12, 8)),
        ],
        actor=alice,
    )
    return season


def test_the_league_feed_lists_every_dated_fixture_in_date_order(client, season):
    # when
    response = client.get(f"/leagues/{season.league_id}/fixtures.ics")

    # then
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    feed = events(response.content.decode())
    dated = Match.objects.filter(season=season, round__in=(1, 2)).order_by(
        "round", "pk"
    )
    assert [e["UID"] for e in feed] == [f"match-{m.pk}@dugout.example" for m in dated]
    assert len(feed) == 4  # four teams: two matches a round, round 3 has no date
    assert [e["DTSTART;VALUE=DATE"] for e in feed] == ["20261201"] * 2 + [
        "20261208"
    ] * 2
    first = dated[0]
    assert feed[0]["SUMMARY"] == escape(f"{first.home.name} v {first.away.name}")
    assert feed[0]["URL"] == f"https://dugout.example/matches/{first.pk}/"
    assert feed[0]["DESCRIPTION"] == escape(
        f"{season.league.name} · Spring · round 1\n"
        "Reports due by Friday 4 December\n"
        f"https://dugout.example/matches/{first.pk}/"
    )


def test_a_team_feed_has_only_its_own_fixtures_with_names_escaped(
    client, season, four_teams
):
    team = Team.objects.get(pk=four_teams[0].pk)

    feed = events(client.get(f"/teams/{team.pk}/fixtures.ics").content.decode())

    mine = Match.objects.filter(season=season, round__in=(1, 2)).filter(
        home=team
    ) | Match.objects.filter(season=season, round__in=(1, 2)).filter(away=team)
    assert sorted(e["UID"] for e in feed) == sorted(
        f"match-{m.pk}@dugout.example" for m in mine
    )
    assert len(feed) == 2
    assert all("Bash\\, Smash\\; Crash" in e["SUMMARY"] for e in feed)


def test_a_played_match_shows_its_score_and_a_postponed_one_is_tentative(
    client, season, alice
):
    played, later = Match.objects.filter(season=season, round=1).order_by("pk")
    MatchResult.objects.create(
        match=played, mode="recorded", home_score=2, away_score=1
    )
    Match.objects.filter(pk=played.pk).update(status=Match.Status.COMPLETE)
    moved = match_postpone(match_id=later.pk)  # to a new round 4
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("league", moved.round, date(2026, 12, 22))],
        actor=alice,
    )

    feed = {
        e["UID"]: e
        for e in events(
            client.get(f"/leagues/{season.league_id}/fixtures.ics").content.decode()
        )
    }

    shown = feed[f"match-{played.pk}@dugout.example"]
    assert shown["SUMMARY"] == escape(f"{played.home.name} 2–1 {played.away.name}")
    assert "Reports due" not in shown["DESCRIPTION"]
    moved_event = feed[f"match-{moved.pk}@dugout.example"]
    assert moved_event["STATUS"] == "TENTATIVE"
    assert moved_event["SUMMARY"].endswith("(postponed)")
    assert moved_event["DTSTART;VALUE=DATE"] == "20261222"


def event_lines(text: str, uid: str) -> list[str]:
    """The content lines of the event ``uid``, BEGIN and END included."""
    lines = unfold(text)
    start = lines.index(f"UID:{uid}") - 1
    return lines[start : lines.index("END:VEVENT", start) + 1]


def test_a_match_postponed_to_a_round_without_a_date_stays_on_its_last_date(
    client, season, monkeypatch
):
    # given a round-1 match (1 December) postponed to a new round 4, which
    # has no date yet, and a round-3 match (never dated) postponed to round 5
    first = Match.objects.filter(season=season, round=1).order_by("pk").first()
    moved = match_postpone(match_id=first.pk)
    assert moved.round == 4
    third = Match.objects.filter(season=season, round=3).order_by("pk").first()
    assert match_postpone(match_id=third.pk).round == 5

    # when a subscribed calendar reads the league's and the team's feeds
    read_at = datetime(2026, 11, 25, 8, 0, tzinfo=UTC)
    monkeypatch.setattr("django.utils.timezone.now", lambda: read_at)
    league_text = client.get(f"/leagues/{season.league_id}/fixtures.ics")
    team_text = client.get(f"/teams/{moved.home_id}/fixtures.ics")

    # then the event stays (a calendar deletes an event the feed drops), on
    # the date it had, tentative, without the old round's report deadline
    url = f"https://dugout.example/matches/{moved.pk}/"
    expected = [
        "BEGIN:VEVENT",
        f"UID:match-{moved.pk}@dugout.example",
        "DTSTAMP:20261125T080000Z",  # when the feed was read
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261202",
        "SUMMARY:" + escape(f"{moved.home.name} v {moved.away.name} (postponed)"),
        "DESCRIPTION:"
        + escape(
            f"{season.league.name} · Spring · round 4\n"
            "Postponed: its new date is not set yet\n"
            f"{url}"
        ),
        f"URL:{url}",
        "STATUS:TENTATIVE",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
    ]
    uid = f"match-{moved.pk}@dugout.example"
    assert event_lines(league_text.content.decode(), uid) == expected
    assert event_lines(team_text.content.decode(), uid) == expected
    # still among the first round's fixtures, in date order; the match that
    # never had a day is still left out
    feed = events(league_text.content.decode())
    assert [e["DTSTART;VALUE=DATE"] for e in feed] == ["20261201"] * 2 + [
        "20261208"
    ] * 2
    assert f"match-{third.pk}@dugout.example" not in [e["UID"] for e in feed]


def test_a_match_postponed_twice_keeps_the_last_date_it_had(client, season, alice):
    # given a round-1 match postponed to round 4 (no date), then to round 5
    first = Match.objects.filter(season=season, round=1).order_by("pk").first()
    match_postpone(match_id=first.pk)
    again = match_postpone(match_id=first.pk)
    assert again.round == 5

    feed = events(
        client.get(f"/leagues/{season.league_id}/fixtures.ics").content.decode()
    )

    # then it is still on 1 December, tentative
    [event] = [e for e in feed if e["UID"] == f"match-{first.pk}@dugout.example"]
    assert (event["DTSTART;VALUE=DATE"], event["STATUS"]) == ("20261201", "TENTATIVE")

    # and once round 5 has a date, it moves there
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("league", 5, date(2027, 1, 5))],
        actor=alice,
    )
    feed = events(
        client.get(f"/leagues/{season.league_id}/fixtures.ics").content.decode()
    )
    [event] = [e for e in feed if e["UID"] == f"match-{first.pk}@dugout.example"]
    assert (event["DTSTART;VALUE=DATE"], event["STATUS"]) == ("20270105", "TENTATIVE")
    assert "new date is not set" not in event["DESCRIPTION"]


def test_no_calendar_for_a_league_or_team_that_does_not_exist(client, db):
    assert client.get("/leagues/999999/fixtures.ics").status_code == 404
    assert client.get("/teams/999999/fixtures.ics").status_code == 404
    assert client.post("/leagues/999999/fixtures.ics").status_code == 405


def test_a_draft_season_has_no_fixtures_in_the_feed(client, sevens, four_teams):
    season_create(league=sevens, name="Not yet", seed=4)

    feed = events(client.get(f"/leagues/{sevens.pk}/fixtures.ics").content.decode())

    assert feed == []


def test_the_league_and_team_pages_link_their_calendars(client, season, four_teams):
    league_page = client.get(f"/leagues/{season.league_id}/").content.decode()
    team_page = client.get(f"/teams/{four_teams[0].pk}/").content.decode()

    assert f'href="/leagues/{season.league_id}/fixtures.ics"' in league_page
    assert f'href="/teams/{four_teams[0].pk}/fixtures.ics"' in team_page


def test_a_round_moved_to_another_day_comes_with_a_later_stamp(
    client, season, alice, monkeypatch
):
    """RFC 5545 3.8.7.2: in an iCalendar object with a METHOD property (the
    feed's ``METHOD:PUBLISH``), DTSTAMP is "the date and time that the
    instance of the iCalendar object was created". A calendar that keeps an
    event by its UID takes the copy with the later DTSTAMP as the newer one
    (RFC 5546 2.1.5, the SEQUENCE being the same), so a round moved to
    another day must come with a later stamp, although its matches' rows
    did not change."""
    first_read = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
    second_read = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
    path = f"/leagues/{season.league_id}/fixtures.ics"
    monkeypatch.setattr("django.utils.timezone.now", lambda: first_read)
    before = events(client.get(path).content.decode())

    monkeypatch.setattr("django.utils.timezone.now", lambda: second_read)
    season_set_round_dates(
        season_id=season.pk,
        rounds=[RoundDates("league", 1, date(2026, 12, 3))],
        actor=alice,
    )
    after = events(client.get(path).content.decode())

    assert [e["DTSTAMP"] for e in before] == ["20261120T093000Z"] * 4
    assert [(e["DTSTART;VALUE=DATE"], e["DTSTAMP"]) for e in after] == [
        ("20261203", "20261121T100000Z"),
        ("20261203", "20261121T100000Z"),
        ("20261208", "20261121T100000Z"),
        ("20261208", "20261121T100000Z"),
    ]
    assert [e["UID"] for e in after] == [e["UID"] for e in before]


def test_a_feed_of_hostile_names_is_escaped_and_folded_line_by_line(
    client, season, four_teams
):
    """RFC 5545 3.1: no content line over 75 octets (a long name of emoji
    folds between characters), CRLF after each; 3.3.11: the TEXT values
    escaped, so the names read back exactly as typed."""
    name = 'Bash, Smash; \\Crash\\\n<script>&"🏈' * 2 + "🏈" * 30
    Team.objects.filter(pk=four_teams[0].pk).update(name=name)

    text = client.get(f"/teams/{four_teams[0].pk}/fixtures.ics").content.decode()

    raw = text.encode("utf-8")
    assert b"\n" not in raw.replace(b"\r\n", b"")  # no bare LF
    assert max(len(line) for line in raw.split(b"\r\n")) <= 75
    lines = unfold(text)
    assert f"X-WR-CALNAME:{escape(name + ' fixtures')}" in lines
    feed = events(text)
    assert len(feed) == 2
    assert all(escape(name) in e["SUMMARY"] for e in feed)
    # a backslash, a comma, a semicolon and a newline escaped; the rest as is
    assert escape(name) == (
        'Bash\\, Smash\\; \\\\Crash\\\\\\n<script>&"🏈' * 2 + "🏈" * 30
    )


def test_the_same_site_by_another_name_gives_the_same_events(client, season):
    """RFC 5545 3.8.4.7: the UID identifies the event wherever the feed is
    read from; the site reached by its IP address is not a second site."""
    url = f"/leagues/{season.league_id}/fixtures.ics"
    by_name = events(client.get(url, HTTP_HOST="localhost").content.decode())
    by_address = events(client.get(url, HTTP_HOST="127.0.0.1").content.decode())
    assert [e["UID"] for e in by_address] == [e["UID"] for e in by_name]
    assert all(e["UID"].endswith("@dugout.example") for e in by_name)


def test_the_links_are_the_sites_own_whatever_host_the_feed_was_read_by(client, season):
    """docs/operations.md: ``SITE_URL`` is "the site's address, for the
    links webhooks and e-mails carry"; a feed read through another name (an
    IP address, or a forged ``Host`` header) links the site's own pages, as
    the invite links do, not the name it was read by. The league and the
    team feed alike, and the first read (which the page cache keeps) links
    them so for every reader after it."""
    match = Match.objects.filter(season=season, round=1).order_by("pk").first()
    page = f"https://dugout.example/matches/{match.pk}/"
    uid = f"match-{match.pk}@dugout.example"
    for path in (
        f"/leagues/{season.league_id}/fixtures.ics",
        f"/teams/{match.home_id}/fixtures.ics",
    ):
        for host in ("127.0.0.1", "localhost", "testserver"):
            text = client.get(path, HTTP_HOST=host).content.decode()
            assert "://127.0.0.1" not in text
            assert "://localhost" not in text
            assert "://testserver" not in text
            [event] = [e for e in events(text) if e["UID"] == uid]
            assert event["URL"] == page
            assert event["DESCRIPTION"].endswith("\\n" + page)
