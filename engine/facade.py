"""The one door from the apps (``league``, ``matches``, ``config``) into the engine.

The apps import the engine only from here (an import-linter contract in
``pyproject.toml`` holds them to it, with no exceptions). Each name says what
the apps use it for; the engine's own storeys stay free to move behind it.
A new need of the apps is one more line here, next to the names like it.
"""

from __future__ import annotations

# Bot coaches, who play a match the league resolves.
from engine.bots import (
    make_bot,  # a bot coach by name
)
from engine.bots.driver import (
    play,  # play a match to the end with two bots
)

# League rules between matches: advancements, inducements, journeymen, post-game.
from engine.campaign import (
    DESPERATE_MEASURES,  # the Sevens desperate measures table
    MAX_ADVANCEMENTS,  # most advancements a player may take
    AdvancementKind,  # the kinds of advancement
    AdvancementOption,  # one advancement a player may take
    AdvancementResult,  # a player after an advancement
    CasualtyOutcome,  # what happened to a casualty
    Characteristic,  # MA, ST, AG, PA, AV
    CharacteristicRoll,  # a characteristic improvement roll and what it offers
    InducementPurchase,  # a count of one inducement
    Participant,  # a player listed for a game
    PlayerState,  # a player as the league rules see them
    PostgameInput,  # both teams' numbers at the final whistle
    SkillChoiceRequired,  # a random skill advancement awaits its coach's pick
    SppTally,  # a player's achievements in one game
    TeamPostgame,  # one team's numbers at the final whistle
    advance,  # spend SPP on an advancement
    advancement_options,  # the advancements a player may take next
    apply_casualty,  # a player's record after a casualty
    available_inducements,  # what a team may buy, with prices
    can_improve,  # whether a characteristic may still rise
    characteristic_offer,  # the characteristics a roll offers
    conceded_score,  # the final score after a concession
    concession_departures,  # who quits a team that conceded
    concession_fans_penalty,  # the fans a conceding team loses
    expensive_mistakes,  # the Expensive Mistakes roll
    fee_in_value,  # whether a player's value counts his hiring fee
    forfeit_winnings,  # the D6 x 10,000 of a fixture the other team conceded
    hire_journeyman,  # hire a journeyman for good
    hired_value,  # a newly hired player's Current Value
    inducement_budget,  # what a team may spend on inducements
    inducement_catalogue,  # a format's inducements
    journeyman_loner,  # the Loner roll a journeyman gets
    journeyman_position,  # the position journeymen come from
    journeymen_needed,  # how many journeymen a team takes on
    level_name,  # a player's level by advancements taken
    mercenary_price,  # a mercenary's price
    must_spend_spp,  # whether a player must spend SPP now
    mvp_eligible,  # the players who may be MVP
    mvp_nominees,  # the players the MVP is drawn from
    postgame_draft_departures,  # who the Sevens draft takes from a team
    postgame_skill_options,  # the free post-game skills (no SPP)
    postgame_skill_player,  # who takes the free post-game skill
    prayers_to_nuffle,  # the Prayers to Nuffle the underdog rolls
    profile_violations,  # a player's characteristics the rules cannot give
    record_outcome,  # win, draw or loss and the score
    roll_casualty,  # roll on a casualty table
    select_mvp,  # pick the MVP at random
    spp_cost,  # the SPP price of an advancement
    spp_earned,  # the SPP of one game's tally
    update_dedicated_fans,  # the Dedicated Fans roll
    validate_inducements,  # check a shopping list
)
from engine.campaign.advancement import (
    RANDOM_PRIMARY,  # the random primary skill advancement
)

# Casualty tables.
from engine.campaign.casualty import (
    CASUALTY_TABLES,  # every casualty table by name
    INJURY_TABLE,  # the injury table a format uses
    CasualtyTable,  # one casualty table as data
    InjuryResult,  # one Injury roll's result
    badly_hurt,  # a Badly Hurt without a Casualty roll
    casualty_from_injury,  # an injury result as a casualty
    casualty_from_roll,  # a casualty from dice rolled
    casualty_table,  # a casualty table by name
    injury_result,  # an Injury roll read on a format's Injury table
)

# Draft checks: drafting, hiring and buying for a team.
from engine.campaign.drafting import (
    PURCHASE_ITEMS,  # what a team may buy after its draft
    SIDELINE_STAFF,  # what a team may fire after a game
    DraftError,  # a draft that breaks rules, with why
    DraftRequest,  # what a coach asks to draft
    Staff,  # what a team already has, for purchases and firing
    TeamValue,  # Team Value and Current Team Value
    Violation,  # one broken rule, for a form field
    draft_check,  # check and price a whole draft
    hire_check,  # check hiring one player
    purchase_check,  # check buying re-rolls or staff
    purchase_unit_price,  # one re-roll's or staff member's price after the draft
    purchases_after_draft,  # what a team may ever buy after its draft
    special_rule_violations,  # check the chosen special rule
    staff_fire_check,  # check firing sideline staff
    suggest_draft,  # a legal draft for a demo or a hint
    team_value,  # TV and CTV of a team
    unplayed_skills,  # a position's skills the match engine does not play yet
)

# Getting Even after the game (BB2025).
from engine.campaign.getting_even import (
    roll_getting_even,  # the D6 for Hatred of the player's attacker
)

# Inducements before a match.
from engine.campaign.inducements import (
    BUGMAN,  # Josef Bugman's inducement id
    BUGMAN_ID_BASE,  # player ids of Bugman
    petty_cash,  # each side's petty cash
    roll_desperate_measures,  # roll desperate measures
    roll_riotous_rookies,  # roll riotous rookies
)
from engine.campaign.journeymen import (
    LONER,  # the Loner trait's slug
)

# Mercenaries.
from engine.campaign.mercenaries import (
    MERCENARY_ID_BASE,  # player ids of mercenaries
    MercenaryHire,  # one mercenary to hire
    is_mercenary,  # whether a player id is a mercenary
    mercenary_sheet,  # a mercenary's player sheet
    mercenary_violations,  # check mercenary hires
)
from engine.campaign.player import (
    category_name,  # a skill category by letter or name
    restored_value,  # a characteristic with one reduction undone
)

# Between seasons: re-drafting a team.
from engine.campaign.redraft import (
    REDRAFT_BUDGET_CAP,  # the Re-Draft Budget cap a commissioner may place
    carry_over_cost,  # what re-rolls and staff cost to keep
    recover,  # the Niggling Injury recovery roll
    redraft_budget,  # a team's re-draft budget
    rehire_cost,  # a returning player's price
)

# Star Players a team hires.
from engine.campaign.stars import (
    STAR_ID_BASE,  # player ids of Star Players
    contested_stars,  # stars both teams hired
    find_star,  # a Star Player by slug or name
    star_hire_violations,  # check Star Player hires
    star_places,  # roster places the stars take
    star_sheets,  # a star's player sheets
)

# Dice: seeded, so a league's rolls can be replayed.
from engine.core.dice import (
    RandomDice,  # dice for playing a match
    Roll,  # one stored roll (kind, sides, result)
    SeededRoller,  # dice for the league rules between matches
)

# Errors the apps turn into answers for people.
from engine.core.errors import (
    CampaignError,  # a league rule broken by the inputs
    IllegalChoice,  # a decision outside the legal options
    IllegalSetup,  # a set-up that breaks the set-up rules
    RuleError,  # a game rule broken by what was asked
    UnimplementedSkill,  # a sheet with a skill the engine cannot play
)
from engine.core.model import (
    MatchResult,  # the outcome of a played match
    PlayerSheet,  # a player as fielded
    TeamSheet,  # a team as it arrives for a match
)

# Rules data: rosters, positions, skills and Star Players of a data version.
from engine.core.rules_data import (
    BORROWED_POSITIONS,  # positions a roster takes from another
    CATEGORY_LETTERS,  # skill category letters and their names
    DEFAULT_VERSION,  # the rules data version of a new league
    Position,  # one roster position
    Roster,  # one team roster
    RulesData,  # every table of one data version
    Skill,  # one entry of the skills catalogue
    SkillRef,  # a starting skill with its parameter
    StarPlayer,  # one Star Player hire option
    rules_data,  # the rules data of a version
)

# Team and player sheets: what a roster snapshot becomes for a match.
# A match in play, for a live match's page: the pending decision, its options,
# where a player is and how he lies.
from engine.core.state import (
    PITCH,  # a player on the pitch (his place)
    PRONE,  # a player lying face up
    STUNNED,  # a player lying face down
    Decision,  # the decision the engine waits for
    GameState,  # the state of a match in play
    Option,  # one legal answer to a decision
)

# Forecasts of fixtures.
from engine.forecast import (
    forecast,  # play a fixture many times and sum up
)

# Playing a match.
from engine.match import (
    Match,  # one match of the engine
    check_skills,  # refuse a sheet the engine cannot play
    league_match,  # a league's match, with the league's options
)

# Rulebook procedures a tabletop report needs.
from engine.rules.extra_time import (
    sudden_death,  # the sudden-death roll-offs
    sudden_death_from_rolls,  # read roll-offs rolled at the table
)
from engine.rules.inducements import (
    bugman_sheet,  # Josef Bugman's player sheet
)

# What a live board shows beside the pending decision's options.
from engine.rules.preview import (
    STEP_VERBS,  # the option verbs of a step into a square
    block_dice,  # a block's dice and who picks
    move_routes,  # the squares a moving player may reach, with their rolls
    pass_band_name,  # the range band of a pass to a square
    setup_formations,  # where each formation of a pending set-up puts whom
    step_needs,  # the rolls of one step
)

# Formats: a league's variant, and the list the pages and the API offer.
from engine.variants import (
    CardSide,  # one side of a card format's report
    LeagueFormat,  # what a league needs of a format
    MatchRules,  # what a match on the pitch needs of a format
    Variant,  # one game format
    get_variant,  # the format called by its name
    variants,  # every registered format
)
from engine.variants.bb2025.undeath import (
    RAISED_DEAD_MAX_ST,  # Masters of Undeath: the most Strength a raised victim has
)
from engine.variants.fields import (
    FAN_FACTOR,  # the team field a format may call fan factor
)
from engine.variants.league_format import (
    LeagueBonus,  # one bonus League point rule of a format's league scoring
)

__all__ = [
    "RAISED_DEAD_MAX_ST",
    "REDRAFT_BUDGET_CAP",
    "AdvancementKind",
    "AdvancementOption",
    "AdvancementResult",
    "BORROWED_POSITIONS",
    "BUGMAN",
    "BUGMAN_ID_BASE",
    "CASUALTY_TABLES",
    "CATEGORY_LETTERS",
    "CampaignError",
    "CardSide",
    "CasualtyOutcome",
    "CasualtyTable",
    "Characteristic",
    "CharacteristicRoll",
    "DEFAULT_VERSION",
    "DESPERATE_MEASURES",
    "Decision",
    "DraftError",
    "DraftRequest",
    "FAN_FACTOR",
    "GameState",
    "INJURY_TABLE",
    "IllegalChoice",
    "IllegalSetup",
    "InducementPurchase",
    "InjuryResult",
    "LONER",
    "LeagueBonus",
    "LeagueFormat",
    "MAX_ADVANCEMENTS",
    "MERCENARY_ID_BASE",
    "Match",
    "MatchResult",
    "MatchRules",
    "MercenaryHire",
    "Option",
    "PITCH",
    "PRONE",
    "PURCHASE_ITEMS",
    "Participant",
    "PlayerSheet",
    "PlayerState",
    "Position",
    "PostgameInput",
    "RANDOM_PRIMARY",
    "RandomDice",
    "Roll",
    "Roster",
    "RuleError",
    "RulesData",
    "SIDELINE_STAFF",
    "STAR_ID_BASE",
    "STEP_VERBS",
    "STUNNED",
    "SeededRoller",
    "Skill",
    "SkillChoiceRequired",
    "SkillRef",
    "SppTally",
    "Staff",
    "StarPlayer",
    "TeamPostgame",
    "TeamSheet",
    "TeamValue",
    "UnimplementedSkill",
    "Variant",
    "Violation",
    "advance",
    "advancement_options",
    "apply_casualty",
    "available_inducements",
    "badly_hurt",
    "block_dice",
    "bugman_sheet",
    "can_improve",
    "carry_over_cost",
    "casualty_from_injury",
    "casualty_from_roll",
    "casualty_table",
    "category_name",
    "characteristic_offer",
    "check_skills",
    "conceded_score",
    "concession_departures",
    "concession_fans_penalty",
    "contested_stars",
    "draft_check",
    "expensive_mistakes",
    "fee_in_value",
    "forfeit_winnings",
    "find_star",
    "forecast",
    "get_variant",
    "league_match",
    "hire_check",
    "hire_journeyman",
    "hired_value",
    "inducement_budget",
    "inducement_catalogue",
    "injury_result",
    "is_mercenary",
    "journeyman_loner",
    "journeyman_position",
    "journeymen_needed",
    "level_name",
    "make_bot",
    "mercenary_price",
    "mercenary_sheet",
    "mercenary_violations",
    "move_routes",
    "must_spend_spp",
    "mvp_eligible",
    "mvp_nominees",
    "pass_band_name",
    "petty_cash",
    "play",
    "postgame_draft_departures",
    "postgame_skill_options",
    "postgame_skill_player",
    "prayers_to_nuffle",
    "profile_violations",
    "purchase_check",
    "purchase_unit_price",
    "purchases_after_draft",
    "record_outcome",
    "recover",
    "redraft_budget",
    "rehire_cost",
    "restored_value",
    "roll_getting_even",
    "roll_casualty",
    "roll_desperate_measures",
    "roll_riotous_rookies",
    "rules_data",
    "select_mvp",
    "setup_formations",
    "special_rule_violations",
    "spp_cost",
    "spp_earned",
    "staff_fire_check",
    "star_hire_violations",
    "star_places",
    "star_sheets",
    "step_needs",
    "sudden_death",
    "sudden_death_from_rolls",
    "suggest_draft",
    "team_value",
    "unplayed_skills",
    "update_dedicated_fans",
    "validate_inducements",
    "variants",
]
