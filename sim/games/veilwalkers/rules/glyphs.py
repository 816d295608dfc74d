"""The two Glyph chains and Alignment invocation (section 8, Appendix C).

"Track a Turn Chain and a separate Threadline Chain for each Company, each holding at most three
Glyphs. Successfully played/deployed non-Event cards during your turn add their Glyph to the Turn Chain.
Events add theirs only to the Threadline Chain in resolution order. Fourth Glyph drops the oldest."
After a Glyph is added the Company may invoke one Alignment its chain's last two (a Phrase) or three (a
Verse) Glyphs complete, ending on that Glyph (decision DEC_INVOKE), or decline. Every Glyph is added while
a Threadline resolves (rules/threadline.py): a Threadline Chain holds the Events of its Threadline (the
declared one and Quick Events played in response) and clears when the Threadline ends. Declaring an
invocation (declare_invocation) "opens an Alignment response window" in that Threadline; it resolves
(resolve_invocation) unless cancelled. An Alignment whose effect is not modeled (alignments.yaml
`not_modeled`) is never offered.

An invocation's choice (A_INVOKE's b): ROAD_NONE, ROAD_TARGET + direction (its road effect's road, as a
road card's), CHOICE_OPTION + e (a `choose_one` Alignment's untargeted effect e), CHOICE_FIGURE + slot (the
Figure its Figure effect chooses: vocab.FIGURE_OPS, an opposing slot for weaken_opposing), CHOICE_TOKEN +
t (the Remembrance its Remembrance effect chooses) or CHOICE_SITE + local Site (the Site of the Veilwalker's
Ring its Site effect moves it to: vocab.SITE_OPS). The temporary effects are rules/temporary.py's.
"""

from __future__ import annotations

from numba import njit

from sim.games.veilwalkers import layout as L
from sim.games.veilwalkers import tables as T
from sim.games.veilwalkers import vocab as V
from sim.games.veilwalkers.rules.board import figure, gate_site, is_lost, on_ring, seat_base
from sim.games.veilwalkers.rules.events import log_event
from sim.games.veilwalkers.rules.movement import can_relocate, relocate
from sim.games.veilwalkers.rules.network import remember_site
from sim.games.veilwalkers.rules.rites import mark_thread, record_completion, veilwalker_gate
from sim.games.veilwalkers.rules.roads import road_effect, road_target_legal
from sim.games.veilwalkers.rules.temporary import (
    broken_this_turn,
    gain_round_power,
    gain_temporary_resonance,
    gain_turn_power,
    guard,
    hold_convergence,
    hold_gate,
    keep_remembrance,
    unseen_passage,
    weaken,
)

CHOICE_OPTION = L.ROAD_TARGET + 2
CHOICE_FIGURE = CHOICE_OPTION + V.ALIGNMENT_EFFECTS
CHOICE_TOKEN = CHOICE_FIGURE + L.FIG_CAP
CHOICE_SITE = CHOICE_TOKEN + L.TOKENS
CHOICES = CHOICE_SITE + L.SITES


@njit(cache=True, forceinline=True)
def chain_field(seat, chain):
    """The chain's first Glyph field; its length is at + CHAIN_CAP."""
    return seat_base(seat) + (L.P_TURN_CHAIN if chain == L.CHAIN_TURN else L.P_THREADLINE_CHAIN)


@njit(cache=True, _nrt=False)
def clear_chain(state, seat, chain):
    f = chain_field(seat, chain)
    for i in range(L.CHAIN_CAP + 1):
        state[f + i] = 0


@njit(cache=True, _nrt=False)
def push_glyph(state, seat, chain, glyph):
    """"each holding at most three Glyphs ... Fourth Glyph drops the oldest.\""""
    f = chain_field(seat, chain)
    n = state[f + L.CHAIN_CAP]
    if n == L.CHAIN_CAP:
        for i in range(L.CHAIN_CAP - 1):
            state[f + i] = state[f + i + 1]
        n -= 1
    state[f + n] = glyph
    state[f + L.CHAIN_CAP] = n + 1


@njit(cache=True, _nrt=False)
def completes(state, ruleset, seat, chain, k):
    """Do the chain's last Glyphs spell Alignment k's sequence, in order ("Order matters")?"""
    f = chain_field(seat, chain)
    n = state[f + L.CHAIN_CAP]
    length = T.alignment(ruleset, k, T.AL_LENGTH)
    if n < length:
        return False
    for i in range(length):
        if state[f + n - length + i] != T.alignment(ruleset, k, T.AL_GLYPH + i):
            return False
    return True


@njit(cache=True, _nrt=False)
def walker_site(state, seat):
    """The Site "occupied by one of your Veilwalkers" an Alignment targets: a Ring Site, or NOWHERE (in
    First Bloom or Lost)."""
    site = state[seat_base(seat) + L.P_VB_SITE + L.VEILWALKER]
    return site if on_ring(site) else L.NOWHERE


@njit(cache=True, _nrt=False)
def damaged_figure_at(state, seat, site):
    """The most damaged allied Figure at ``site`` (the first slot of ties), or -1 if none is damaged."""
    best, most = -1, 0
    for k in range(L.FIG_CAP):
        f = figure(seat, k)
        if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site and state[f + L.F_DAMAGE] > most:
            best, most = k, state[f + L.F_DAMAGE]
    return best


@njit(cache=True, forceinline=True)
def card_road_op(op):
    return V.OP_CLOSE_ROAD if op == V.AOP_CLOSE_ROAD else V.OP_REPAIR_ROAD


@njit(cache=True, forceinline=True)
def is_road_op(op):
    return op == V.AOP_CLOSE_ROAD or op == V.AOP_REPAIR_ROAD


@njit(cache=True, forceinline=True)
def is_figure_op(op):
    return (op == V.AOP_EMPOWER_DAMAGED or op == V.AOP_EMPOWER_ROUND or op == V.AOP_WARD or op == V.AOP_RESCUE
            or op == V.AOP_WEAKEN_OPPOSING)


@njit(cache=True, forceinline=True)
def needs_walker_site(op):
    """Effects "at a Site occupied by one of your Veilwalkers" (a Ring Site: walker_site)."""
    return (op <= V.AOP_REMEMBER_SITE or op == V.AOP_FREE_WAYMARK or op == V.AOP_WEAKEN_OPPOSING
            or op == V.AOP_ALIGN_GATE or op == V.AOP_UNSEEN_PASSAGE)


@njit(cache=True, _nrt=False)
def figure_target_legal(state, seat, op, slot, site):
    """An allied Figure on the board (not Lost: Lost Figures "cannot act or be targeted"), damaged for
    empower_damaged ("Choose one damaged allied Figure"); weaken_opposing: "one opposing Figure at a Site
    occupied by your Veilwalker"."""
    if op == V.AOP_WEAKEN_OPPOSING:
        f = figure(1 - seat, slot)
        return site != L.NOWHERE and state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site
    f = figure(seat, slot)
    if state[f + L.F_CARD] < 0 or is_lost(state[f + L.F_SITE]):
        return False
    return op != V.AOP_EMPOWER_DAMAGED or state[f + L.F_DAMAGE] > 0


@njit(cache=True, _nrt=False)
def road_home_legal(state, seat, local):
    """AV-08: "Choose one Site on your Veilwalker's current Ring that the same Veilwalker previously occupied
    this match" (not the Site it stands on: that is no move). Direct relocation "cannot bypass a closed Ring,
    Lost status, a Thread Strike hold, ineligible targets": the Veilwalker stands on a Ring Site (not Lost,
    not in First Bloom) and may move at all (can_relocate: Ready; assumed: moving by one's own Alignment is
    voluntary, and "Exhausted Veilbound cannot act or voluntarily move")."""
    site = walker_site(state, seat)
    if site == L.NOWHERE or not can_relocate(state, seat, L.VEILWALKER):
        return False
    destination = site // L.SITES * L.SITES + local
    return destination != site and state[seat_base(seat) + L.P_WALKER_SITES] >> destination & 1 == 1


@njit(cache=True, _nrt=False)
def open_rite_at(state, ruleset, seat, site):
    """The boundary whose Gate Site is ``site`` and whose Rite the Company has not completed, or -1."""
    for b in range(L.BOUNDARIES):
        if gate_site(ruleset, b) == site and state[seat_base(seat) + L.P_RITE_DONE + b] == 0:
            return b
    return -1


@njit(cache=True, _nrt=False)
def waymarked_gate_at(state, ruleset, seat, site):
    """AV-04: the boundary whose Gate Site is ``site``, its Rite completed and Waymarked by the Company
    ("Requirements: your team has completed its Rite, your team has Waymarked it"), or -1."""
    for b in range(L.BOUNDARIES):
        base = seat_base(seat)
        if gate_site(ruleset, b) == site and state[base + L.P_RITE_DONE + b] == 1 and state[base + L.P_WAYMARK + b] == 1:
            return b
    return -1


@njit(cache=True, _nrt=False)
def option_applies(state, ruleset, seat, op, site):
    """A non-road effect has a legal target: a damaged allied Figure to heal, a Site to Remember (not yet
    Remembered); Sever the Story has no target ("the Alignment still counts as completed")."""
    if op == V.AOP_SEVER_THREAD or op == V.AOP_RESONANCE_IF_BROKEN:
        return True
    if op == V.AOP_UNSEEN_PASSAGE:  # "at the invoking Veilwalker's Site": any Ring Site it stands on
        return site != L.NOWHERE
    if op == V.AOP_HOLD_CONVERGENCE:  # "Choose one allied Veilwalker": on the board, not Lost
        walker = state[seat_base(seat) + L.P_VB_SITE + L.VEILWALKER]
        return on_ring(walker) or walker == L.BLOOM
    if site == L.NOWHERE:
        return False
    if op == V.AOP_HEAL_ONE or op == V.AOP_HEAL_EACH:
        return damaged_figure_at(state, seat, site) >= 0
    if op == V.AOP_FREE_WAYMARK:
        return open_rite_at(state, ruleset, seat, site) >= 0
    if op == V.AOP_ALIGN_GATE:
        return waymarked_gate_at(state, ruleset, seat, site) >= 0
    return state[L.G_REMEMBERED] >> site & 1 == 0


@njit(cache=True, _nrt=False)
def choice_legal(state, ruleset, seat, k, choice):
    """`all`: every effect does what it can; the road effect names a legal road when one exists
    (ROAD_NONE only when none does, and then only if another effect remains), and an effect at "a Site
    occupied by one of your Veilwalkers" needs the Veilwalker on a Ring Site. `choose_one`: the chosen
    effect has a legal target ("If all targets are illegal, it fails"). A Figure or Remembrance effect
    names its target (CHOICE_FIGURE, CHOICE_TOKEN), in either mode."""
    site = walker_site(state, seat)
    mode = T.alignment(ruleset, k, T.AL_MODE)
    road_op, figure_op, token_op, site_op, others, site_needed = -1, -1, -1, -1, 0, False
    for e in range(T.alignment(ruleset, k, T.AL_N_EFFECTS)):
        op = T.alignment(ruleset, k, T.AL_OP + e)
        if is_road_op(op):
            road_op = op
        elif is_figure_op(op):
            figure_op = op
        elif op == V.AOP_KEEP_REMEMBRANCE:
            token_op = op
        elif op == V.AOP_ROAD_HOME:
            site_op = op
        else:
            others += 1
        site_needed |= needs_walker_site(op)
        if ((op == V.AOP_FREE_WAYMARK or op == V.AOP_HOLD_CONVERGENCE or op == V.AOP_ALIGN_GATE) and mode == V.MODE_ALL
                and not option_applies(state, ruleset, seat, op, site)):
            return False  # "Choose one incomplete Gate Rite at a Site occupied by your Veilwalker"
    if choice >= CHOICE_SITE:
        return site_op >= 0 and road_home_legal(state, seat, choice - CHOICE_SITE)
    if choice >= CHOICE_TOKEN:
        # "Choose one Remembrance carried by an allied Veilwalker"
        return (token_op >= 0 and not (mode == V.MODE_ALL and site_needed and site == L.NOWHERE)
                and state[L.G_TOKEN + (choice - CHOICE_TOKEN) * L.TOKEN_W + L.TK_CARRIER] == seat)
    if choice >= CHOICE_FIGURE:
        return (figure_op >= 0 and not (mode == V.MODE_ALL and site_needed and site == L.NOWHERE)
                and figure_target_legal(state, seat, figure_op, choice - CHOICE_FIGURE, site))
    if choice >= CHOICE_OPTION:
        e = choice - CHOICE_OPTION
        if mode != V.MODE_CHOOSE_ONE or e >= T.alignment(ruleset, k, T.AL_N_EFFECTS):
            return False
        op = T.alignment(ruleset, k, T.AL_OP + e)
        return (not is_road_op(op) and not is_figure_op(op) and op != V.AOP_KEEP_REMEMBRANCE
                and option_applies(state, ruleset, seat, op, site))
    if choice >= L.ROAD_TARGET:
        return (road_op >= 0 and site != L.NOWHERE
                and road_target_legal(state, seat, card_road_op(road_op), choice - L.ROAD_TARGET))
    if mode == V.MODE_CHOOSE_ONE or figure_op >= 0 or token_op >= 0 or site_op >= 0:
        return False  # a choose_one invocation names its effect, a targeted effect its target
    if site_needed and site == L.NOWHERE:
        return False
    if road_op >= 0:
        if others == 0:
            return False
        for direction in range(2):
            if road_target_legal(state, seat, card_road_op(road_op), direction):
                return False  # the road effect applies: it names its road
    return True


@njit(cache=True, _nrt=False)
def offered(state, ruleset, seat, chain, k):
    """Alignment k may be invoked now: modeled, "limited to once per named Alignment per Company per
    Round", and its sequence ends on the chain's last Glyph."""
    return (T.alignment(ruleset, k, T.AL_MODELED) == 1 and state[seat_base(seat) + L.P_ALIGNED] >> k & 1 == 0
            and completes(state, ruleset, seat, chain, k))


@njit(cache=True, _nrt=False)
def list_invocations(state, ruleset, seat, legal):
    """DEC_INVOKE: decline ("Declining leaves the chain intact"), or one legal Phrase or Verse with its
    choice ("Choose one if both qualify")."""
    legal[0] = L.A_NO_INVOKE << 16
    n = 1
    chain = state[L.G_ALIGN_CHAIN]
    for k in range(T.N_ALIGNMENTS):
        if offered(state, ruleset, seat, chain, k):
            for choice in range(CHOICES):
                if choice_legal(state, ruleset, seat, k, choice):
                    legal[n] = L.A_INVOKE << 16 | k << 8 | choice
                    n += 1
    return n


@njit(cache=True, _nrt=False)
def glyph_added(state, ruleset, seat, chain, glyph, opponent_loss, events):
    """Add the Glyph of a card that resolved (``opponent_loss``: Thread it made the opposing Company
    lose) and open the invocation decision if an Alignment ending on it may be invoked."""
    if glyph == 0 or state[L.G_DONE]:
        return
    push_glyph(state, seat, chain, glyph)
    f = chain_field(seat, chain)
    log_event(state, events, L.EV_GLYPH, seat, glyph, chain, state[f + L.CHAIN_CAP])
    for k in range(T.N_ALIGNMENTS):
        if offered(state, ruleset, seat, chain, k):
            for choice in range(CHOICES):
                if choice_legal(state, ruleset, seat, k, choice):
                    state[L.G_ALIGN_CHAIN] = chain
                    state[L.G_ALIGN_LOSS] = opponent_loss
                    state[L.G_PENDING] = L.DEC_INVOKE
                    state[L.G_DECIDER] = seat
                    return


@njit(cache=True, _nrt=False)
def recheck_window(state, ruleset):
    """"Recheck the chosen Alignment sequence and targets for legality before resolution": after the
    step that added the Glyph has run its checks (a Rite completed by the same deploy is no longer an
    incomplete Rite for AP-12), a window with no legal invocation left closes."""
    if state[L.G_PENDING] != L.DEC_INVOKE:
        return
    seat = state[L.G_DECIDER]
    for k in range(T.N_ALIGNMENTS):
        if offered(state, ruleset, seat, state[L.G_ALIGN_CHAIN], k):
            for choice in range(CHOICES):
                if choice_legal(state, ruleset, seat, k, choice):
                    return
    close_window(state, seat)


@njit(cache=True, _nrt=False)
def heal(state, ruleset, seat, slot, amount, events):
    f = figure(seat, slot)
    healed = min(amount, state[f + L.F_DAMAGE])
    state[f + L.F_DAMAGE] -= healed
    if healed > 0:
        mark_thread(state, ruleset, seat, L.THREAD_CREATION, events)  # "Creation Heal damage"
    return healed


@njit(cache=True, _nrt=False)
def resolve(state, ruleset, seat, k, choice, events):
    site = walker_site(state, seat)
    mode = T.alignment(ruleset, k, T.AL_MODE)
    for e in range(T.alignment(ruleset, k, T.AL_N_EFFECTS)):
        op = T.alignment(ruleset, k, T.AL_OP + e)
        amount = T.alignment(ruleset, k, T.AL_AMOUNT + e)
        if is_road_op(op):
            if L.ROAD_TARGET <= choice < CHOICE_OPTION:
                road_effect(state, ruleset, seat, card_road_op(op), choice - L.ROAD_TARGET, events)
            continue
        if is_figure_op(op) or op == V.AOP_KEEP_REMEMBRANCE:
            if choice >= CHOICE_TOKEN and op == V.AOP_KEEP_REMEMBRANCE:
                keep_remembrance(state, seat, choice - CHOICE_TOKEN, events)
            elif CHOICE_FIGURE <= choice < CHOICE_TOKEN and op != V.AOP_KEEP_REMEMBRANCE:
                resolve_figure_effect(state, seat, op, choice - CHOICE_FIGURE, amount, events)
            continue
        if mode == V.MODE_CHOOSE_ONE and choice != CHOICE_OPTION + e:
            continue
        if op == V.AOP_HEAL_ONE:
            slot = damaged_figure_at(state, seat, site)
            if slot >= 0:
                heal(state, ruleset, seat, slot, amount, events)
        elif op == V.AOP_HEAL_EACH:
            for slot in range(L.FIG_CAP):
                f = figure(seat, slot)
                if state[f + L.F_CARD] >= 0 and state[f + L.F_SITE] == site:
                    heal(state, ruleset, seat, slot, amount, events)
        elif op == V.AOP_REMEMBER_SITE:
            if site != L.NOWHERE:
                remember_site(state, seat, site, events)
        elif op == V.AOP_SEVER_THREAD:
            # "If the card that completed this Alignment caused an opposing team to lose Thread: that team
            # cannot restore Thread until the end of the current turn"
            if state[L.G_ALIGN_LOSS] > 0:
                state[seat_base(1 - seat) + L.P_NO_RESTORE] = state[L.G_TURNS]
        elif op == V.AOP_FREE_WAYMARK:
            # "If your team satisfies that Gate Rite before end of turn: Waymarking that Gate costs: 0 Actions"
            state[seat_base(seat) + L.P_FREE_WAYMARK] = open_rite_at(state, ruleset, seat, site) + 1
        elif op == V.AOP_RESONANCE_IF_BROKEN:
            # "If any card you controlled was Broken earlier this turn: also gain: 1 temporary Resonance"
            if broken_this_turn(state, seat):
                gain_temporary_resonance(state, seat, amount, events)
        elif op == V.AOP_HOLD_CONVERGENCE:
            hold_convergence(state, seat, amount, events)
        elif op == V.AOP_ALIGN_GATE:
            hold_gate(state, seat, waymarked_gate_at(state, ruleset, seat, site), events)
        elif op == V.AOP_UNSEEN_PASSAGE:
            unseen_passage(state, seat, site, events)
        elif op == V.AOP_ROAD_HOME and choice >= CHOICE_SITE:
            # "costs no Action, does not require ordinary lateral adjacency, does not count as Traversing.
            # Arrival effects resolve normally": the arrival of any relocation (movement.relocate)
            relocate(state, ruleset, seat, L.VEILWALKER, site // L.SITES * L.SITES + choice - CHOICE_SITE, events)


@njit(cache=True, _nrt=False)
def resolve_figure_effect(state, seat, op, slot, amount, events):
    """The chosen Figure's temporary effect (rules/temporary.py)."""
    if op == V.AOP_EMPOWER_DAMAGED:
        gain_turn_power(state, seat, slot, amount, events)
    elif op == V.AOP_WEAKEN_OPPOSING:
        weaken(state, 1 - seat, slot, amount, events)
    elif op == V.AOP_EMPOWER_ROUND:
        gain_round_power(state, seat, slot, amount, events)
    elif op == V.AOP_WARD:
        guard(state, seat, slot, L.TM_WARD, amount, L.TEMP_WARD, events)
    elif op == V.AOP_RESCUE:
        guard(state, seat, slot, L.TM_RESCUE, 1, L.TEMP_RESCUE, events)


@njit(cache=True, _nrt=False)
def close_window(state, seat):
    """The invocation decision is over: back to the Threadline it arose in (the active Company's Shape
    once that ends; its chains are kept until then: rules/threadline.py)."""
    state[L.G_ALIGN_CHAIN] = L.CHAIN_TURN
    state[L.G_ALIGN_LOSS] = 0
    state[L.G_PENDING] = L.DEC_SHAPE
    state[L.G_DECIDER] = state[L.G_SIDE]


@njit(cache=True, _nrt=False)
def declare_invocation(state, ruleset, seat, k, choice, events):
    """"Invocation costs zero Actions and Resonance unless listed, consumes the used Glyphs, and is
    limited to once per named Alignment per Company per Round"; "Declaring an invocation consumes its
    used Glyphs, pays any listed costs and spends that named Alignment's once-per-Company-per-Round
    allowance, even if it is later cancelled.\""""
    base = seat_base(seat)
    f = chain_field(seat, state[L.G_ALIGN_CHAIN])
    length = T.alignment(ruleset, k, T.AL_LENGTH)
    n = state[f + L.CHAIN_CAP]
    for i in range(n - length, n):
        state[f + i] = 0
    state[f + L.CHAIN_CAP] = n - length
    state[base + L.P_ALIGNED] |= 1 << k
    state[base + L.P_INVOCATIONS] += 1
    log_event(state, events, L.EV_ALIGNMENT, seat, k, choice, 0)
    close_window(state, seat)


@njit(cache=True, _nrt=False)
def resolve_invocation(state, ruleset, seat, k, choice, events):
    """"Recheck the chosen Alignment sequence and targets for legality before resolution" (its Glyphs
    were consumed on declaration; the targets are rechecked: with none legal it does nothing); then the
    Rite of the Living Story: "Complete any recognized Alignment while your Veilwalker occupies this
    Gate Site. Completion: After Alignment resolution."; and the Rite of the Three Threads' Story deed
    "complete an Alignment" while the Veilwalker occupies that Gate.\""""
    if not choice_legal(state, ruleset, seat, k, choice):
        return
    resolve(state, ruleset, seat, k, choice, events)
    mark_thread(state, ruleset, seat, L.THREAD_STORY, events)
    b = veilwalker_gate(state, ruleset, seat, V.RITE_LIVING_STORY)
    if b >= 0:
        record_completion(state, ruleset, seat, b, events)


@njit(cache=True, _nrt=False)
def chains_invariant(state):
    """0 or INVARIANT_CHAINS: each chain holds 0-3 Glyphs, each a Glyph of the key, nothing after them."""
    for seat in range(L.SEATS):
        for chain in range(2):
            f = chain_field(seat, chain)
            n = state[f + L.CHAIN_CAP]
            if not 0 <= n <= L.CHAIN_CAP:
                return L.INVARIANT_CHAINS
            for i in range(L.CHAIN_CAP):
                if (i < n and not 1 <= state[f + i] < V.N_GLYPHS) or (i >= n and state[f + i] != 0):
                    return L.INVARIANT_CHAINS
        if state[L.G_TL_OPEN] == 0 and state[seat_base(seat) + L.P_THREADLINE_CHAIN_N] != 0:
            return L.INVARIANT_CHAINS  # a Threadline's chain clears when it ends
    return 0
