"""CHALLENGE AND DEFENSE (rulebook; Grinshade, Cleave, Relentless paragraphs): the defender, the damage
(Sheltering Glow), the Challenge rewards (Breach, Stormwing, Fang, the claim ability), Cleave spillover,
then Relentless and Stormdancer's move."""

from __future__ import annotations

from numba import njit

from sim.games.waybound.layout import (
    G_ACTIVE,
    G_DECIDER,
    G_PEND_A,
    G_PEND_B,
    G_PEND_C,
    G_PEND_D,
    G_PEND_E,
    G_PHASE,
    G_ROUND,
    P_ALLIES_DEFEATED,
    P_CHALLENGES_TURN,
    P_CHARGE,
    P_CLAIMS,
    P_DEFEATS_TURN,
    P_FACTION_ABILITY,
    P_FANG_USED,
    P_RELENTLESS_USED,
    P_UNITS_N,
    PH_CLEAVE,
    PH_GRINSHADE,
    PH_MAIN,
    PH_RELENTLESS,
    PH_STORMDANCER,
    U_DAMAGE,
    U_GRINSHADE_ROUND,
    U_READY,
    U_RECOVERY,
    U_ROUTE,
    player_base,
    unit_base,
)
from sim.games.waybound.rules.defeats import check_defeat
from sim.games.waybound.rules.explore import add_renown
from sim.games.waybound.rules.units import keyword, unit_force, unit_guard
from sim.games.waybound.vocab import (
    KW_BREACH,
    KW_CLEAVE,
    KW_FANG,
    KW_GLOW,
    KW_GRINSHADE,
    KW_RELENTLESS,
    KW_ROOTED,
    KW_STORMDANCER,
    KW_STORMWING,
    R_CLAIM_MAX,
    R_GRINSHADE_COST,
    R_RELENTLESS_COST,
)


@njit(cache=True, _nrt=False)
def after_challenge(s, rules, profiles, events):
    """Offer Relentless, then Stormdancer's move, then return to the main phase."""
    p = s[G_ACTIVE]
    i = s[G_PEND_A]
    outcome = s[G_PEND_D]  # 0 nothing defeated, 1 Ally, 2 Companion
    pb = player_base(p)
    if s[G_PEND_E] == 0:
        s[G_PEND_E] = 1
        relentless = keyword(s, profiles, p, i, KW_RELENTLESS)
        if (
            outcome == 1
            and relentless > s[pb + P_RELENTLESS_USED]
            and s[pb + P_CHARGE] >= rules[R_RELENTLESS_COST]
            and s[unit_base(p, i) + U_RECOVERY] == 0
        ):
            s[G_PHASE] = PH_RELENTLESS
            s[G_DECIDER] = p
            return
    if s[G_PEND_E] == 1:
        s[G_PEND_E] = 2
        if (
            outcome > 0
            and keyword(s, profiles, p, i, KW_STORMDANCER) > 0
            and keyword(s, profiles, p, i, KW_ROOTED) == 0
        ):
            s[G_PHASE] = PH_STORMDANCER
            s[G_DECIDER] = p
            return
    s[G_PHASE] = PH_MAIN
    s[G_DECIDER] = p


@njit(cache=True, _nrt=False)
def resolve_challenge_damage(s, rules, profiles, prevented, events):
    p = s[G_ACTIVE]
    q = 1 - p
    i = s[G_PEND_A]
    j = s[G_PEND_B]
    was_ready = s[G_PEND_C]
    pb = player_base(p)
    v = unit_base(q, j)
    route = s[v + U_ROUTE]
    damage = 0 if prevented else unit_force(s, rules, profiles, p, i)
    if damage > 0:
        for k in range(s[player_base(q) + P_UNITS_N]):
            if k != j and s[unit_base(q, k) + U_ROUTE] == route and keyword(s, profiles, q, k, KW_GLOW) > 0:
                damage = max(1, damage - 1)  # several sources do not stack
                break
    excess = 0
    if j > 0 and keyword(s, profiles, p, i, KW_CLEAVE) > 0:
        remaining = unit_guard(s, profiles, q, j) - s[v + U_DAMAGE]  # snapshot before damage
        excess = damage - remaining
    s[v + U_DAMAGE] += damage
    s[pb + P_CHALLENGES_TURN] += 1
    outcome = check_defeat(s, rules, profiles, q, j, events)
    if outcome > 0:
        s[pb + P_DEFEATS_TURN] += 1
        if keyword(s, profiles, p, i, KW_BREACH) > 0 and was_ready == 1:
            add_renown(s, p, 1, 1, events)
        if outcome == 1:
            s[pb + P_ALLIES_DEFEATED] += 1
            stormwing = keyword(s, profiles, p, i, KW_STORMWING)
            if stormwing > 0:
                add_renown(s, p, stormwing, 2, events)
            if keyword(s, profiles, p, i, KW_FANG) > 0 and s[pb + P_FANG_USED] == 0:
                s[pb + P_FANG_USED] = 1
                add_renown(s, p, 1, 3, events)
            if s[pb + P_FACTION_ABILITY] == 2 and s[pb + P_CLAIMS] < rules[R_CLAIM_MAX]:
                s[pb + P_CLAIMS] += 1
                add_renown(s, p, 1, 4, events)
    s[G_PEND_D] = outcome
    s[G_PEND_E] = 0
    if excess > 0 and outcome == 1:
        for k in range(1, s[player_base(q) + P_UNITS_N]):
            if s[unit_base(q, k) + U_ROUTE] == route:
                s[G_PHASE] = PH_CLEAVE
                s[G_DECIDER] = q
                s[G_PEND_B] = excess
                s[G_PEND_C] = route
                return
    after_challenge(s, rules, profiles, events)


@njit(cache=True, _nrt=False)
def declare_defender(s, rules, profiles, j, events):
    p = s[G_ACTIVE]
    q = 1 - p
    s[G_PEND_B] = j
    v = unit_base(q, j)
    s[G_PEND_C] = s[v + U_READY]
    qb = player_base(q)
    if (
        keyword(s, profiles, q, j, KW_GRINSHADE) > 0
        and s[v + U_GRINSHADE_ROUND] != s[G_ROUND]
        and s[qb + P_CHARGE] >= rules[R_GRINSHADE_COST]
    ):
        s[G_PHASE] = PH_GRINSHADE
        s[G_DECIDER] = q
        return
    resolve_challenge_damage(s, rules, profiles, False, events)
