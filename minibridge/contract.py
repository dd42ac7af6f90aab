"""MiniBridge contracts: part-score, game or slam in a strain; reading them and their goal.

>>> Contract.from_str("game in hearts"), Contract.from_str("1♠"), Contract.from_str("3NT").kind
(Contract(4, Strain.HEARTS), Contract(1, Strain.SPADES), 'game')
>>> Contract.from_str("4S").goal(), target_for_points(27)
(10, 10)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from minibridge import language
from minibridge.cards import Strain
from minibridge.errors import ContractError
from minibridge.language import gettext

__all__ = [
    "Contract",
    "Kind",
    "GAME_LEVEL",
    "TARGETS",
    "target_for_points",
    "contract_typed",
    "pbn_strain",
    "pbn_contract",
]

Kind = Literal["part-score", "game", "slam", "grand slam"]

GAME_LEVEL: dict[Strain, int] = {
    Strain.NO_TRUMPS: 3,
    Strain.SPADES: 4,
    Strain.HEARTS: 4,
    Strain.DIAMONDS: 5,
    Strain.CLUBS: 5,
}
"""The level of a game in each strain: 3NT, 4♠, 4♥, 5♦, 5♣."""

TARGETS: tuple[tuple[int, int, int], ...] = (
    (21, 22, 7),
    (23, 24, 8),
    (25, 26, 9),
    (27, 28, 10),
    (29, 32, 11),
    (33, 36, 12),
    (37, 40, 13),
)
"""Targets by combined points (EBU variant): lowest points, highest points, tricks."""

_LEVEL_FORM = re.compile(r"^\s*([1-7])\s*(NT|N|SA|ZT|UT|S|H|D|C|♠|♥|♦|♣|♤|♡|♢|♧)\s*$", re.IGNORECASE)
_PBN_FORM = re.compile(r"^\s*([1-7]?)\s*(NT|N|S|H|D|C)\s*(X{0,2})\s*$", re.IGNORECASE)
_WORD_FORM = re.compile(
    r"^\s*(part[\s-]*score|partscore|game|slam|small[\s-]*slam|grand[\s-]*slam)\s*(?:in\s+)?(.+?)\s*$", re.IGNORECASE
)


def target_for_points(points: int) -> int:
    """The goal in tricks for a declaring side with these combined points (targets variant)."""
    for low, high, tricks in TARGETS:
        if low <= points <= high:
            return tricks
    raise ContractError(
        gettext("a declaring side holds 21 to 40 points together, not %(points)s; check the points announced")
        % {"points": points}
    )


@dataclass(frozen=True)
class Contract:
    """A MiniBridge contract in level notation: 1 part-score, 3NT/4♥/4♠/5♣/5♦ game, 6 slam, 7 grand slam."""

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if self.level not in (1, 6, 7) and self.level != GAME_LEVEL[self.strain]:
            letters = language.strain_letters(self.strain.letter)
            raise ContractError(
                gettext(
                    "'%(contract)s' is not a MiniBridge contract: a part-score is %(part_score)s, a game in "
                    "%(strain)s is %(game)s"
                )
                % {
                    "contract": self.in_letters,
                    "part_score": f"1{letters}",
                    "strain": self.strain.in_words,
                    "game": f"{GAME_LEVEL[self.strain]}{letters}",
                }
            )

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Contract({self.level}, Strain.{self.strain.name})"

    @property
    def kind(self) -> Kind:
        """``part-score``, ``game``, ``slam`` or ``grand slam``."""
        if self.level == 1:
            return "part-score"
        if self.level == 6:
            return "slam"
        if self.level == 7:
            return "grand slam"
        return "game"

    @property
    def words(self) -> str:
        """The contract as declarer announces it: ``game in hearts``."""
        return f"{self.kind} in {self.strain.words}"

    @property
    def in_words(self) -> str:
        """The contract as declarer announces it, in the language in use: ``game in hearts``, Dutch ``manche in
        harten``, Danish ``udgang i hjerter``."""
        if self.strain is Strain.NO_TRUMPS:
            return {
                "part-score": gettext("part-score in no-trumps"),
                "game": gettext("game in no-trumps"),
                "slam": gettext("slam in no-trumps"),
                "grand slam": gettext("grand slam in no-trumps"),
            }[self.kind]
        suit = {"suit": self.strain.in_words}
        return {
            "part-score": gettext("part-score in %(suit)s") % suit,
            "game": gettext("game in %(suit)s") % suit,
            "slam": gettext("slam in %(suit)s") % suit,
            "grand slam": gettext("grand slam in %(suit)s") % suit,
        }[self.kind]

    @property
    def in_letters(self) -> str:
        """Level and strain as typed in the language in use: ``4H``, ``3NT``, Dutch ``3ZT``, Danish ``5K``."""
        return f"{self.level}{language.strain_letters(self.strain.letter)}"

    @property
    def shown(self) -> str:
        """Level and strain as printed in the language in use: ``4♥``, ``3NT``, Dutch ``3ZT``, Danish ``3UT``."""
        return language.contract(self.level, self.strain.letter)

    @property
    def symbol(self) -> str:
        """Level and suit symbol: ``4♥``."""
        return f"{self.level}{self.strain.symbol}"

    def goal(self) -> int:
        """Declarer's goal in tricks (Law 10): part-score 7, game 9/10/11, slam 12, grand slam 13."""
        return {"part-score": 7, "game": 6 + self.level, "slam": 12, "grand slam": 13}[self.kind]

    @classmethod
    def of(cls, kind: str, strain: Strain) -> Contract:
        """The contract of a kind (part-score, game, slam, grand slam) in a strain."""
        levels = {"part-score": 1, "game": GAME_LEVEL[strain], "slam": 6, "grand slam": 7}
        return cls(levels[kind], strain)

    @classmethod
    def from_str(cls, text: str) -> Contract:
        """Read ``4S``, ``3NT``, ``1♥``, ``game in hearts``, ``part-score no-trumps``, ``slam in clubs``."""
        match = _LEVEL_FORM.match(text)
        if match:
            return cls(int(match.group(1)), Strain.from_str(match.group(2)))
        match = _WORD_FORM.match(text)
        if match:
            kind = re.sub(r"[\s-]+", " ", match.group(1).lower()).replace("partscore", "part score")
            kind = {"part score": "part-score", "small slam": "slam"}.get(kind, kind)
            try:
                strain = Strain.from_str(match.group(2))
            except Exception:
                raise ContractError(
                    gettext("'%(text)s' does not name a strain; say no-trumps, spades, hearts, diamonds or clubs")
                    % {"text": text}
                ) from None
            return cls.of(kind, strain)
        raise ContractError(
            # TRANSLATORS: 1NT, 4S, 5C, 'game in hearts' and 'part-score no-trumps' are what must be typed: keep them.
            gettext(
                "'%(text)s' is not a contract; write it like 1NT, 4S, 5C (or 'game in hearts', 'part-score no-trumps')"
            )
            % {"text": text}
        )


def contract_typed(text: str) -> Contract:
    """A contract as a pupil types it in the language in use: the level and the strain in the language's letters
    (Dutch ``5R`` for five diamonds, ``3ZT``; Danish ``5K`` for five clubs, ``3UT``), or any form
    :meth:`Contract.from_str` reads.

    >>> contract_typed("4H"), contract_typed("3nt")
    (Contract(4, Strain.HEARTS), Contract(3, Strain.NO_TRUMPS))
    """
    key = text.strip().upper().replace(" ", "")
    for strain in Strain:
        letters = language.strain_letters(strain.letter).upper()
        if key[1:] == letters and key[:1] in "1234567":
            return Contract(int(key[:1]), strain)
    return Contract.from_str(text)


def pbn_strain(text: str | None) -> Strain | None:
    """The strain of a PBN contract (``4SX``, ``3NT``, ``H``); None for a pass or nothing.

    >>> pbn_strain("4SX"), pbn_strain("Pass")
    (<Strain.SPADES: 3>, None)
    """
    match = _PBN_FORM.match(text or "")
    return Strain.from_str(match.group(2)) if match else None


def pbn_contract(text: str | None) -> Contract | None:
    """The MiniBridge contract of a PBN contract (doubles play no part), or None if it is none (2S, 4NT, Pass).

    >>> pbn_contract("3NTX"), pbn_contract("2S")
    (Contract(3, Strain.NO_TRUMPS), None)
    """
    match = _PBN_FORM.match(text or "")
    if not match or not match.group(1):
        return None
    try:
        return Contract(int(match.group(1)), Strain.from_str(match.group(2)))
    except ContractError:
        return None
