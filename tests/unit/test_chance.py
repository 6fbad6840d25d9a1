"""Spawning: uniform over empty cells, 90/10 over values, unbiased choice (RULES.md).

In the subset MicroPython runs (tests/unit/subset.py): the page draws tiles with this
code too, from `crypto.getRandomValues`.
"""

import math

from game import chance, rules
from tests.unit.boards import board
from tests.unit.subset import raises


def chi_square(observed: "list[int]", expected: "list[float]") -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


def chi_square_limit(df: int, z: float = 3.7) -> float:
    """Upper critical value (about p = 1e-4) by the Wilson-Hilferty approximation."""
    a = 2 / (9 * df)
    return float(df * (1 - a + z * math.sqrt(a)) ** 3)


def test_rule_spawn_cell_is_uniform_over_empty_cells() -> None:
    for empty in (1, 2, 3, 5, 6, 7, 11, 15):
        size = 4
        b = tuple(tuple((2 if i >= empty else 0) for i in range(r * size, r * size + size))
                  for r in range(size))
        assert len(rules.empty_cells(b)) == empty
        source = chance.seeded(1000 + empty)
        counts: "dict[tuple[int, int], int]" = {}
        trials = 1000 * empty
        for _ in range(trials):
            _, cell, _ = chance.spawn(b, source)
            counts[cell] = counts.get(cell, 0) + 1
        assert set(counts) == set(rules.empty_cells(b))
        if empty > 1:
            observed = list(counts.values())
            assert chi_square(observed, [trials / empty] * empty) < chi_square_limit(empty - 1)


def test_rule_spawn_value_is_2_nine_times_in_ten() -> None:
    source = chance.seeded(7)
    trials = 20000
    fours = sum(chance.spawn_value(source) == 4 for _ in range(trials))
    observed = [trials - fours, fours]
    assert chi_square(observed, [0.9 * trials, 0.1 * trials]) < chi_square_limit(1)
    assert {chance.spawn_value(chance.scripted([w])) for w in range(20)} == {2, 4}


def test_rule_choice_rejects_words_above_the_last_full_block() -> None:
    k = 6
    limit = 2**32 - 2**32 % k
    used: "list[int]" = []
    words = [limit, 2**32 - 1, 13]

    def source() -> int:
        used.append(words[len(used)])
        return used[-1]

    assert chance.choose_index(source, k) == 13 % k
    assert used == words  # the two words past the limit were thrown away, not folded


def test_rule_choice_accepts_every_word_below_the_limit_evenly() -> None:
    # Every option gets the same number of accepted words: floor(2**32 / k).
    for k in (3, 5, 6, 7, 10, 15, 36):
        limit = 2**32 - 2**32 % k
        assert limit % k == 0
        assert chance.choose_index(chance.scripted([limit - 1]), k) == (limit - 1) % k == k - 1


def test_choice_refuses_words_outside_32_bits() -> None:
    raises(ValueError, chance.choose_index, chance.scripted([2**32]), 3)
    raises(ValueError, chance.choose_index, chance.scripted([-1]), 3)


def test_spawn_needs_an_empty_cell() -> None:
    full = board("2 4 2 4/4 2 4 2/2 4 2 4/4 2 4 2")
    raises(ValueError, chance.spawn, full, chance.seeded(1))
