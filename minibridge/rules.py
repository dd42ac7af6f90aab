"""Rule sets: the switches that say how MiniBridge is played and scored, and the gates that apply them.

Each switch is declared once, as a field of :class:`RuleSet` with its lesson-file schema beside it; a lesson
file's ``rules:`` block is checked against :func:`switches_schema` and read by :meth:`RuleSet.from_switches`.
The gates return every problem (an empty list when all is well); ``check_deal`` and ``check_contract`` raise
them as one :class:`RuleError`.

>>> find_rules("nbb").dutch_restrictions, find_rules("ebu").with_slam().slam
(True, True)
>>> contract_problems(Contract.from_str("4S"), find_rules("lesson"))
["Lesson scoring (MiniLessons Three and Four) plays part-scores only; '4S' is a game: use 1S"]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from minibridge.cards import Seat, Strain
from minibridge.contract import Contract, Kind
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.language import N_, gettext, ngettext, strain_letters
from minibridge.schemes import SCHEMES, Scheme, find_scheme

__all__ = [
    "RuleSet",
    "ThreeHandedVariant",
    "RULE_SETS",
    "find_rules",
    "free_play_rules",
    "ALL_STRAINS",
    "SWITCHES",
    "switches_schema",
    "deal_problems",
    "check_deal",
    "trumps_held",
    "contract_problems",
    "check_contract",
    "allowed_contracts",
    "no_contracts",
    "three_handed_variant_problem",
]

ThreeHandedVariant = Literal["simple", "normal"]
ALL_STRAINS: frozenset[Strain] = frozenset(Strain)


_BOOL = {"type": "boolean"}


def _switch(default: Any, schema: dict[str, Any], *, read: Any = None, optional: bool = False) -> Any:
    """A rule switch: its default, its schema in a lesson file, how a file's value is read, and whether a lesson
    file may leave it out (``optional``: the default then applies)."""
    metadata = {"schema": schema, "read": read or (lambda value: value), "optional": optional}
    return field(default=default, metadata=metadata)


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """Which rules are in force: a named rule set or a lesson's switches."""

    name: str
    title: str
    scoring: str = _switch("ebu", {"enum": list(SCHEMES)})
    """The name of the scoring scheme (:attr:`scheme`)."""
    cards_per_hand: int | None = _switch(
        13,
        {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 13}, {"const": "short"}]},
        read=lambda value: None if value == "short" else value,
    )
    """13 for complete hands; None allows short deals (every hand the same size, 1 to 13)."""
    dummy: bool = _switch(True, _BOOL)
    announcement: bool = _switch(True, _BOOL)
    tie_rule: Literal["enforced", "choice"] = _switch("enforced", {"enum": ["choice", "enforced"]})
    """Equal points on the declaring side: the first to announce declares, or the players choose."""
    strains: frozenset[Strain] = _switch(
        ALL_STRAINS,
        {"type": "array", "items": {"enum": ["NT", "S", "H", "D", "C"]}, "minItems": 1, "uniqueItems": True},
        read=lambda value: frozenset(Strain.from_str(s) for s in value),
    )
    part_score: bool = _switch(True, _BOOL)
    game: bool = _switch(True, _BOOL)
    slam: bool = _switch(False, _BOOL)
    dutch_restrictions: bool = _switch(False, _BOOL)
    """Dutch rules: a trump suit needs 8 cards between declarer and dummy; game needs 25 combined points."""
    duplicate: bool = _switch(True, _BOOL)
    signals: bool = _switch(False, _BOOL)
    competition: bool = _switch(False, _BOOL)
    three_handed: ThreeHandedVariant | None = _switch(None, {"enum": ["simple", "normal"]}, optional=True)
    """Three players and a dummy hand dealt opposite dealer (000, "a great game for three"): the simple or the
    normal variant; None for four players. A lesson file may leave it out."""
    free_play: bool = False
    """Offered for free play, where pupils play without a lesson (:func:`free_play_rules` lists them); not a
    switch of a lesson file."""
    short_title: str = ""
    """The rules named in a word or two, on a choice a child taps (the title when none is given)."""

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RuleError("; ".join(problems))

    def problems(self) -> list[str]:
        """Switches that cannot go together, in a teacher's words (none: the rules can be played)."""
        problems = []
        no_slams = self.scheme.no_slams
        if self.slam and no_slams is not None:
            problems.append(
                gettext("%(no_slams)s: play without slams, or play slams by the EBU rules")
                % {"no_slams": gettext(no_slams)}
            )
        if self.three_handed is not None:
            if self.three_handed not in ("simple", "normal"):
                problems.append(three_handed_variant_problem(self.three_handed))
            elif not (self.announcement and self.dummy and self.cards_per_hand == 13):
                problems.append(
                    gettext(
                        "%(rules)s has no announcement of points with a dummy and complete hands, which "
                        "three-handed MiniBridge needs: play it from MiniLesson Three on"
                    )
                    % {"rules": self.title_in_words}
                )
        return problems

    @classmethod
    def from_switches(cls, *, name: str, title: str, switches: Mapping[str, Any]) -> RuleSet:
        """The rule set of a lesson file's ``rules:`` block (already checked against :func:`switches_schema`)."""
        values = {}
        for item in dataclasses.fields(cls):
            if "schema" in item.metadata and (item.name in switches or not item.metadata["optional"]):
                values[item.name] = item.metadata["read"](switches[item.name])
        return cls(name=name, title=title, **values)

    def with_slam(self, slam: bool = True) -> RuleSet:
        """The same rules with slams allowed (or not)."""
        return dataclasses.replace(self, slam=slam)

    def replace(self, **changes: object) -> RuleSet:
        """The same rules with some switches changed."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def short_title_in_words(self) -> str:
        """The rules in a word or two, in the language in use (the title when they have no short one)."""
        return gettext(self.short_title) if self.short_title else self.title_in_words

    @property
    def title_in_words(self) -> str:
        """The title in the language in use (a lesson's ``MiniLesson Three``, a named set's; a title of the
        teacher's own as written)."""
        return gettext(self.title)

    @property
    def scheme(self) -> Scheme:
        """The scoring scheme of these rules."""
        return find_scheme(self.scoring)

    @property
    def has_contract(self) -> bool:
        """False in MiniLessons One and Two, where the score is just the tricks each side takes."""
        return self.scheme.has_contract

    @property
    def contract_kinds(self) -> tuple[Kind, ...]:
        """The kinds of contract these rules play, in order: part-score, game, slam, grand slam (slams only
        with games; none without contracts).

        >>> find_rules("ebu").with_slam().contract_kinds, find_rules("lesson").contract_kinds
        (('part-score', 'game', 'slam', 'grand slam'), ('part-score',))
        """
        if not self.has_contract:
            return ()
        kinds: list[Kind] = ["part-score"] if self.part_score else []
        if self.game:
            kinds += ["game", "slam", "grand slam"] if self.slam else ["game"]
        return tuple(kinds)

    def describe(self) -> list[str]:
        """The rules in force, one short line each, in a teacher's words, in the language in use."""
        lines = []
        if self.cards_per_hand is None:
            lines.append(gettext("short deals (every player the same number of cards)"))
        else:
            count = self.cards_per_hand
            lines.append(ngettext("%(count)s card each", "%(count)s cards each", count) % {"count": count})
        if self.announcement:
            tie = (
                gettext("first to announce declares on a tie")
                if self.tie_rule == "enforced"
                else gettext("a tie: the players choose")
            )
            lines.append(gettext("points announced; declarer and dummy (%(tie)s)") % {"tie": tie})
        else:
            lines.append(gettext("no announcement: everyone plays their own cards"))
        if self.has_contract:
            strains = ", ".join(s.in_words for s in sorted(self.strains, reverse=True))
            lines.append(gettext("contracts in %(strains)s") % {"strains": strains})
            kinds = [kind for kind in self.contract_kinds if kind != "grand slam"]  # a grand slam is a slam
            if len(kinds) == 1:  # a slam is played only with games
                lines.append({"part-score": gettext("part-score only"), "game": gettext("game only")}[kinds[0]])
            else:
                words = {"part-score": gettext("part-score"), "game": gettext("game"), "slam": gettext("slam")}
                lines.append(gettext(" and ").join(words[kind] for kind in kinds))
        if self.dutch_restrictions:
            lines.append(gettext("trumps need 8 cards together; game needs 25 points together"))
        if self.three_handed == "simple":
            lines.append(gettext("three players and a dummy hand (simple three-handed)"))
        elif self.three_handed == "normal":
            lines.append(gettext("three players and a dummy hand (normal three-handed)"))
        lines.append(self.scheme.description)
        return lines


RULE_SETS: dict[str, RuleSet] = {
    "ebu": RuleSet(name="ebu", title=N_("EBU MiniBridge"), free_play=True, short_title=N_("EBU")),
    "lesson": RuleSet(
        name="lesson",
        title=N_("Lesson scoring (MiniLessons Three and Four)"),
        scoring="lesson",
        game=False,
        tie_rule="choice",
    ),
    "nbb": RuleSet(
        name="nbb",
        title=N_("Dutch MiniBridge"),
        scoring="nbb",
        dutch_restrictions=True,
        free_play=True,
        short_title=N_("Dutch"),
    ),
    "targets": RuleSet(
        name="targets",
        title=N_("Targets by combined points"),
        scoring="targets",
        free_play=True,
        short_title=N_("Targets"),
    ),
}
"""The named rule sets of ``--rules``."""


def find_rules(name: str) -> RuleSet:
    """The named rule set (``ebu``, ``lesson``, ``nbb`` or ``targets``)."""
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        raise RuleError(
            gettext("there are no rules called '%(name)s'; choose one of %(names)s")
            % {"name": name, "names": ", ".join(RULE_SETS)}
        ) from None


def free_play_rules() -> tuple[RuleSet, ...]:
    """The named rule sets offered for free play, in the order of :data:`RULE_SETS`.

    >>> [rules.name for rules in free_play_rules()]
    ['ebu', 'nbb', 'targets']
    """
    return tuple(rules for rules in RULE_SETS.values() if rules.free_play)


SWITCHES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RuleSet) if "schema" in f.metadata)
"""The switches a lesson file's ``rules:`` block sets, every one of them (the optional ones may be left out)."""


def switches_schema() -> dict[str, Any]:
    """The JSON schema of a lesson file's ``rules:`` block, built from the switches of :class:`RuleSet`."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [
            f.name for f in dataclasses.fields(RuleSet) if "schema" in f.metadata and not f.metadata["optional"]
        ],
        "properties": {f.name: f.metadata["schema"] for f in dataclasses.fields(RuleSet) if "schema" in f.metadata},
    }


# --- the gates -------------------------------------------------------------------------------------------------


def deal_problems(rules: RuleSet, deal: Deal) -> list[str]:
    """What is wrong with playing ``deal`` under the rules: complete hands, or short deals in Lessons One and Two."""
    size = deal.cards_per_hand
    if rules.cards_per_hand is not None and size != rules.cards_per_hand:
        values = {"rules": rules.title_in_words, "cards": rules.cards_per_hand, "count": size}
        if rules.cards_per_hand == 13:
            problem = ngettext(
                "%(rules)s is played with complete hands of 13 cards; this deal has %(count)s card each",
                "%(rules)s is played with complete hands of 13 cards; this deal has %(count)s cards each",
                size,
            )
        else:
            problem = ngettext(
                "%(rules)s is played with %(cards)s cards each; this deal has %(count)s card each",
                "%(rules)s is played with %(cards)s cards each; this deal has %(count)s cards each",
                size,
            )
        return [problem % values]
    return []


def check_deal(rules: RuleSet, deal: Deal) -> None:
    """Refuse a deal the rules cannot play (see :func:`deal_problems`)."""
    _refuse(deal_problems(rules, deal))


def trumps_held(deal: Deal, declarer: Seat, strain: Strain) -> int | None:
    """The cards of the trump suit between declarer and dummy (None in no-trumps)."""
    trumps = strain.trumps
    if trumps is None:
        return None
    return deal[declarer].length(trumps) + deal[declarer.partner].length(trumps)


def contract_problems(
    contract: Contract, rules: RuleSet, *, points: int | None = None, trumps_held: int | None = None
) -> list[str]:
    """Every reason the rules in force refuse ``contract``, in a teacher's words (none: it is allowed).

    ``points`` are the declaring side's combined points and ``trumps_held`` the cards in the trump suit
    between declarer and dummy, when known; the Dutch restrictions need them.
    """
    values: dict[str, object] = {
        "lesson": rules.title_in_words,
        "contract": contract.in_letters,
        "part_score": f"1{strain_letters(contract.strain.letter)}",
        "strain": contract.strain.in_words,
        "kind": {"game": gettext("game"), "slam": gettext("slam"), "grand slam": gettext("grand slam")}.get(
            contract.kind, ""
        ),
        "points": points,
        "held": trumps_held,
    }
    if not rules.has_contract:
        return [no_contracts(rules)]
    problems = []
    if contract.strain not in rules.strains:
        words = [s.in_words for s in sorted(rules.strains, reverse=True)]
        values["allowed"] = words[0] if len(words) == 1 else ", ".join(words[:-1]) + gettext(" and ") + words[-1]
        problems.append(gettext("%(lesson)s plays in %(allowed)s only; '%(contract)s' is in %(strain)s") % values)
    kind = contract.kind
    if kind not in rules.contract_kinds:
        if kind == "part-score":
            problems.append(gettext("%(lesson)s has no part-scores; '%(contract)s' is one") % values)
        elif not rules.game:
            problems.append(
                gettext("%(lesson)s plays part-scores only; '%(contract)s' is a %(kind)s: use %(part_score)s") % values
            )
        else:
            problems.append(
                gettext("'%(contract)s' is a %(kind)s, and %(lesson)s has no slams unless they are turned on (--slam)")
                % values
            )
    if rules.dutch_restrictions:
        if kind != "part-score" and points is not None and points < 25:
            problems.append(
                gettext(
                    "under Dutch rules a game needs 25 points together, and the declaring side has %(points)s: "
                    "play a part-score (%(part_score)s)"
                )
                % values
            )
        if contract.strain is not Strain.NO_TRUMPS and trumps_held is not None and trumps_held < 8:
            problems.append(
                gettext(
                    "under Dutch rules %(strain)s can be trumps only with 8 cards between declarer and dummy, and "
                    "they hold %(held)s: choose another suit or no-trumps"
                )
                % values
            )
    return problems


def check_contract(
    contract: Contract,
    rules: RuleSet,
    *,
    points: int | None = None,
    trumps_held: int | None = None,
    where: str | None = None,
) -> None:
    """Refuse a contract that the rules in force do not allow (see :func:`contract_problems`)."""
    _refuse(contract_problems(contract, rules, points=points, trumps_held=trumps_held), where=where)


def allowed_contracts(rules: RuleSet, deal: Deal, declarer: Seat) -> list[Contract]:
    """The contracts the rules let ``declarer`` choose, no-trumps first and part-scores before games.

    Only declarer's and dummy's hands are looked at (the Dutch rules count their points and trumps).
    """
    if not rules.has_contract:
        raise RuleError(no_contracts(rules))
    points = deal[declarer].hcp + deal[declarer.partner].hcp
    allowed = []
    for strain in sorted(rules.strains, reverse=True):
        held = trumps_held(deal, declarer, strain)
        for kind in rules.contract_kinds:
            contract = Contract.of(kind, strain)
            if not contract_problems(contract, rules, points=points, trumps_held=held):
                allowed.append(contract)
    return allowed


def no_contracts(rules: RuleSet) -> str:
    """Why rules without contracts (MiniLessons One and Two) have none to choose or to score, in words."""
    return gettext("%(lesson)s has no contracts: the score is the number of tricks each side takes") % {
        "lesson": rules.title_in_words
    }


def three_handed_variant_problem(variant: str) -> str:
    """Why ``variant`` is not a variant of three-handed MiniBridge, in words."""
    return gettext("the three-handed variants are 'simple' and 'normal', not '%(variant)s'") % {"variant": variant}


def _refuse(problems: list[str], *, where: str | None = None) -> None:
    """Raise every problem as one RuleError, in one line."""
    if problems:
        raise RuleError("; ".join(problems), where=where)
