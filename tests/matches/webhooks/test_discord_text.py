"""What a Discord webhook shows is the names and reasons as coaches typed
them: Discord reads a message's ``content`` and an embed's title and
description as its Markdown (bold, italics, spoilers, code, masked links,
headings, quotes, lists, mentions and timestamps in angle brackets, links
that unfurl), so every character of that syntax in the text is escaped
with a backslash, which Discord drops when it draws the message. Pure
functions, no database."""

from __future__ import annotations

from matches.webhooks.text import (
    DISCORD_CONTENT_LIMIT,
    News,
    discord_body,
    discord_escape,
    generic_body,
)


def news(title: str, text: str, league: str = "Sevens Cup") -> News:
    return News(
        kind="result_posted",
        key="result_posted:1",
        league_id=1,
        league_name=league,
        title=title,
        text=text,
        url="https://dugout.test/matches/1/",
        data={},
    )


def test_inline_markdown_in_a_name_is_escaped():
    assert discord_escape("**Da** _Boyz_ ~~x~~ `c` ||s|| a\\b") == (
        "\\*\\*Da\\*\\* \\_Boyz\\_ \\~\\~x\\~\\~ \\`c\\` \\|\\|s\\|\\| a\\\\b"
    )


def test_a_masked_link_a_bare_link_and_angle_brackets_are_not_drawn():
    """A name cannot pass for a link to somewhere else, make Discord unfurl
    an address, or draw a mention, a role or a timestamp."""
    assert discord_escape("[Results](https://evil.example) <@123> <t:0:R>") == (
        "\\[Results\\](https\\://evil.example) \\<@123> \\<t:0:R>"
    )
    assert discord_escape("see http://x.example") == "see http\\://x.example"


def test_block_markers_at_the_start_of_a_line_are_escaped_and_only_there():
    """A heading, a quote, a list item (bulleted or numbered) or subtext is
    a line's start only: "1. FC Orcs" opens a round's line, "2-1" and "No. 1"
    inside one are left as they are."""
    text = "# Big 2-1 Small\n> Quote\n- Dash\n+ Plus\n  1. FC Orcs 0-0 No. 1\n-# sub"
    assert discord_escape(text) == (
        "\\# Big 2-1 Small\n\\> Quote\n\\- Dash\n\\+ Plus\n  1\\. FC Orcs 0-0 No. 1\n"
        "\\-# sub"
    )


def test_plain_names_and_the_sites_own_words_are_unchanged():
    plain = "Reavers 2–1 Orc Stompers: reported. Spring, round 3 (third-place match)"
    assert discord_escape(plain) == plain
    assert discord_escape("@everyone Reavers 🏈 & \"Co\" 'x'") == (
        "@everyone Reavers 🏈 & \"Co\" 'x'"
    )


def test_the_discord_body_escapes_the_title_the_text_and_the_league():
    body = discord_body(
        news(
            "**Bash** 1–0 <@42>",
            "[Spring](https://evil.example), round 1: reported.",
            league="_Old_ World",
        )
    )

    assert body["content"] == (
        "**\\*\\*Bash\\*\\* 1–0 \\<@42>**\n"
        "\\[Spring\\](https\\://evil.example), round 1: reported."
    )
    [embed] = body["embeds"]
    assert embed["title"] == "\\*\\*Bash\\*\\* 1–0 \\<@42>"
    assert embed["description"] == "\\_Old\\_ World"
    assert body["allowed_mentions"] == {"parse": []}


def test_the_generic_body_keeps_the_text_as_it_is():
    body = generic_body(news("**Bash** 1–0 <@42>", "a_b"))

    assert (body["title"], body["text"]) == ("**Bash** 1–0 <@42>", "a_b")


def test_a_long_escaped_content_is_cut_to_discords_limit_without_a_dangling_escape():
    """Discord refuses a content over 2,000 characters: the escaped text is
    cut, and a cut that would leave half of an escape ("\\" without its
    character) drops that backslash too."""
    # "**T 1**\n" is 8 characters, then 994 "a"s, then "*"s escaped to
    # "\*" each: the 1,999 characters that fit end with a backslash.
    body = discord_body(news("T 1", "a" * 994 + "*" * 600))

    content = body["content"]
    assert len(content) <= DISCORD_CONTENT_LIMIT
    assert content.endswith("…")
    head = content.removesuffix("…")
    trailing = len(head) - len(head.rstrip("\\"))
    assert trailing % 2 == 0
    assert head == "**T 1**\n" + "a" * 994 + "\\*" * 498
