"""Damage and exhaustion (rulebook "Exhausted", "Game End"): damage to Gravehold and to players, a player
reduced to 0 life exhausted (a breach destroyed, charges lost, Unleash twice, further damage doubled to
Gravehold), healing, and the loss when every player is exhausted."""

from __future__ import annotations

from numba import njit

from sim.games.aeons_end.layout import (
    G_GRAVEHOLD,
    G_PENDING_UNLEASH,
    G_PLAYER_MAX,
    G_PLAYERS,
    G_PREVENT_DAMAGE,
    P_BREACH,
    P_CHARGES,
    P_EXHAUSTED,
    P_LIFE,
    P_PREP,
)
from sim.games.aeons_end.rules.game_end import end_game, over
from sim.games.aeons_end.rules.piles import discard_prepped, pbase
from sim.games.aeons_end.vocab import END_ALL_EXHAUSTED, END_GRAVEHOLD_DESTROYED


@njit(cache=True, _nrt=False)
def all_exhausted(s):
    for p in range(s[G_PLAYERS]):
        if s[pbase(p) + P_EXHAUSTED] == 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def gravehold_suffers(s, n):
    if n <= 0 or over(s) or s[G_PREVENT_DAMAGE] != 0:
        return
    s[G_GRAVEHOLD] -= n
    if s[G_GRAVEHOLD] <= 0:
        s[G_GRAVEHOLD] = 0
        end_game(s, False, END_GRAVEHOLD_DESTROYED)


@njit(cache=True, _nrt=False)
def destroy_a_breach(s, p):
    """Team rule: destroy the least developed breach (closed before opened, empty before prepped)."""
    b = pbase(p)
    best = -1
    best_score = 1 << 20
    for k in range(4):
        st = s[b + P_BREACH + k]
        if st < 0:
            continue
        score = st * 4 + k
        if s[b + P_PREP + 2 * k] >= 0:
            score += 100
        if score < best_score:
            best_score = score
            best = k
    if best >= 0:
        for slot in range(2):
            if s[b + P_PREP + 2 * best + slot] >= 0:
                discard_prepped(s, p, 2 * best + slot)
        s[b + P_BREACH + best] = -1


@njit(cache=True, _nrt=False)
def player_suffers(s, p, n):
    """Rulebook, Exhausted: damage past 0 life exhausts; an exhausted player's damage is doubled to Gravehold."""
    if n <= 0 or over(s) or s[G_PREVENT_DAMAGE] != 0:
        return
    b = pbase(p)
    if s[b + P_EXHAUSTED] != 0:
        gravehold_suffers(s, 2 * n)
        return
    s[b + P_LIFE] -= n
    if s[b + P_LIFE] <= 0:
        excess = -s[b + P_LIFE]
        s[b + P_LIFE] = 0
        s[b + P_EXHAUSTED] = 1
        # Unleash twice first; queued so that the Unleash runs right after the current step
        s[G_PENDING_UNLEASH] += 2
        destroy_a_breach(s, p)
        s[b + P_CHARGES] = 0
        if s[G_PLAYERS] > 1 and all_exhausted(s):
            end_game(s, False, END_ALL_EXHAUSTED)
            return
        gravehold_suffers(s, 2 * excess)


@njit(cache=True, _nrt=False)
def gain_life(s, p, n):
    b = pbase(p)
    if s[b + P_EXHAUSTED] != 0:
        return
    s[b + P_LIFE] = min(s[G_PLAYER_MAX], s[b + P_LIFE] + n)
