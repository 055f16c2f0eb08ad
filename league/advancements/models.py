"""A dice-rolled advancement paid for and rolled, waiting for its coach's
choice (``league.services.advancement``).

At the table the dice of a random skill or a characteristic improvement
are binding: the SPP are spent and the dice rolled before the coach
chooses among what they offer. A row is that roll: at most one per player,
which the database enforces, and the player takes no other advancement
until his coach chooses (the row is then deleted, the advancement logged).
"""

from __future__ import annotations

from django.db import models

from league.models import LeagueEvent, Player


class PendingAdvancement(models.Model):
    player = models.OneToOneField(
        Player, on_delete=models.PROTECT, related_name="pending_advancement"
    )
    # The option paid for: an AdvancementKind value and its skill category
    # ("" for a characteristic improvement).
    kind = models.CharField(max_length=20)
    category = models.CharField(max_length=20, blank=True)
    spp_spent = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    # The dice as rolled: [{"purpose", "sides", "result"}].
    dice = models.JSONField(default=list)
    # A random skill: every skill rolled, one per roll, as
    # [{"skill": slug, "param": str|None}]; empty for a characteristic.
    skills_rolled = models.JSONField(default=list, blank=True)
    # A characteristic improvement: the die's result; None for a skill.
    characteristic_roll = models.PositiveSmallIntegerField(null=True, blank=True)
    # The audit line of the roll (``advancement_rolled``).
    event = models.OneToOneField(
        LeagueEvent, on_delete=models.PROTECT, related_name="pending_advancement"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "league"
        ordering = ["player"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(characteristic_roll__isnull=True)
                    & ~models.Q(kind="characteristic")
                )
                | (
                    models.Q(characteristic_roll__isnull=False)
                    & models.Q(kind="characteristic")
                ),
                name="pending_advancement_roll_matches_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.kind} rolled, choice pending"
