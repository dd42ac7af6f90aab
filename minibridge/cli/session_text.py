"""The words ``minibridge play`` shows of the whole game: who deals first, the three players, a deal the computer
played at every seat in one line, the totals and who won.
"""

from __future__ import annotations

from collections.abc import Sequence

from minibridge.cards import Side
from minibridge.cli.game_text import letters, tricks_taken
from minibridge.cli.terminal import capital, card_text, player_name, tricks_text
from minibridge.language import gettext, ngettext, number
from minibridge.table import DealerDraw, Game, Session
from minibridge.table.story import seat_names

__all__ = ["computers_deal", "draw_story", "three_players", "players_line", "totals_line", "verdict"]


def computers_deal(game: Game, names: Sequence[str]) -> str:
    """A deal the computer played at every seat, in one line (with three players, who played it)."""
    head = gettext("Deal %(number)s, dealer %(seat)s") % {"number": game.board.number, "seat": game.dealer.in_words}
    named = seat_names(game.dealer, names) if names else {}
    if named:
        player = {"player": player_name(named[game.dealer]), "dummy": game.dealer.partner.in_words}
        head += " " + gettext("(%(player)s, the dummy hand at %(dummy)s)") % player
    if game.stage == "redeal":
        if game.three is None or game.three.variant == "normal":
            return gettext("%(head)s: each side holds 20 points, the same dealer deals again.") % {"head": head}
        return gettext(
            "%(head)s: declarer and the dummy hand hold fewer than 21 points, the same dealer deals again."
        ) % {"head": head}
    if game.result is not None and game.declarer is not None and game.contract is not None:
        by = game.declarer.in_words
        if named:
            player = next(seat for seat, played in game.players.items() if played is game.declarer)
            by += f" ({player_name(named[player])})"
        values = {"head": head, "contract": letters(game.contract), "by": by, "result": game.result.describe()}
        return gettext("%(head)s: %(contract)s by %(by)s. %(result)s") % values
    return f"{head}: {tricks_taken(game)}"


# --- the players and the score of the game -------------------------------------------------------------------


def draw_story(drawn: DealerDraw, names: Sequence[str]) -> str:
    """The cards drawn for the first dealer and who deals first."""
    seats = tuple(drawn.cards)
    name = dict(zip(seats, names, strict=True)) if names else {seat: seat.title for seat in seats}
    said = {seat: player_name(name[seat]) if names else seat.in_words for seat in seats}
    values = {
        "cards": ", ".join(f"{said[seat]} {card_text(drawn.cards[seat])}" for seat in seats),
        "player": said[drawn.dealer],
        "seat": drawn.dealer.in_words,
    }
    if name[drawn.dealer] == "you":
        text = gettext(
            "Drawing for the first dealer: %(cards)s. You draw the highest card and deal first from %(seat)s."
        )
    elif names:
        text = gettext(
            "Drawing for the first dealer: %(cards)s. %(player)s draws the highest card and deals first from %(seat)s."
        )
    else:
        text = gettext("Drawing for the first dealer: %(cards)s. %(player)s draws the highest card and deals first.")
    return text % values


def three_players(names: Sequence[str]) -> str:
    """Who the three players are and where each deals from."""
    first, left, right = names
    values = {"first": player_name(first), "left": player_name(left), "right": player_name(right)}
    if first == "you":
        text = gettext(
            "Three players: %(first)s, %(left)s on your left and %(right)s on your right. You deal from South, "
            "%(left)s from West, %(right)s from East; the dummy hand is dealt opposite the dealer, and the deal "
            "passes clockwise."
        )
    else:
        text = gettext(
            "Three players: %(first)s, %(left)s on %(first)s's left and %(right)s on %(first)s's right. %(first)s "
            "deals from South, %(left)s from West, %(right)s from East; the dummy hand is dealt opposite the dealer, "
            "and the deal passes clockwise."
        )
    return text % values


def players_line(names: Sequence[str], points: Sequence[int]) -> str:
    """``you 420, Left 0, Right 100``."""
    return ", ".join(f"{player_name(name)} {number(total)}" for name, total in zip(names, points, strict=True))


def totals_line(session: Session, names: Sequence[str] = ()) -> str:
    """The totals so far: points (each player's, with three), or without contracts the tricks each side took."""
    ns, ew = session.totals[Side.NORTH_SOUTH], session.totals[Side.EAST_WEST]
    values = {"count": session.played, "ns": number(ns), "ew": number(ew)}
    if names:
        values["totals"] = players_line(names, session.player_totals)
        return (
            ngettext(
                "Totals after %(count)s deal: %(totals)s.", "Totals after %(count)s deals: %(totals)s.", session.played
            )
            % values
        )
    if session.rules.has_contract:
        return (
            ngettext(
                "Totals after %(count)s deal: North–South %(ns)s, East–West %(ew)s.",
                "Totals after %(count)s deals: North–South %(ns)s, East–West %(ew)s.",
                session.played,
            )
            % values
        )
    values |= {"ns_tricks": tricks_text(ns), "ew_tricks": tricks_text(ew)}
    return (
        ngettext(
            "Totals after %(count)s deal: North–South %(ns_tricks)s, East–West %(ew_tricks)s.",
            "Totals after %(count)s deals: North–South %(ns_tricks)s, East–West %(ew_tricks)s.",
            session.played,
        )
        % values
    )


def verdict(session: Session, names: Sequence[str] = ()) -> str:
    """Who won the game."""
    ns, ew = session.totals[Side.NORTH_SOUTH], session.totals[Side.EAST_WEST]
    if not session.played:
        return gettext("No deal was played.")
    if names:
        totals = session.player_totals
        best = max(totals)
        ahead = [name for name, total in zip(names, totals, strict=True) if total == best]
        values = {"best": number(best)}
        if len(ahead) > 1:
            values["players"] = gettext(" and ").join(player_name(name) for name in ahead)
            return capital(gettext("%(players)s share the lead with %(best)s.") % values)
        winner = ahead[0]
        values["player"] = player_name(winner)
        values["others"] = ", ".join(
            f"{player_name(n)} {number(t)}" for n, t in zip(names, totals, strict=True) if n != winner
        )
        if winner == "you":
            return gettext("You win the game with %(best)s; %(others)s.") % values
        return gettext("%(player)s wins the game with %(best)s; %(others)s.") % values
    if ns == ew:
        return gettext("The game is a tie, %(points)s each.") % {"points": number(ns)}
    values = {"most": number(max(ns, ew)), "fewest": number(min(ns, ew))}
    if ns > ew:
        return gettext("North–South win the game, %(most)s to %(fewest)s.") % values
    return gettext("East–West win the game, %(most)s to %(fewest)s.") % values
