"""Train the second opinion on the kind of act (`engine/play/second_opinion.json`) and measure it honestly.

Trained on blind sets 1-2 and the tuned halves of the later sets only; the held-back halves are never seen.
Before writing the weights it runs leave-one-set-out: for each later set, a model trained without any of
that set's sentences judges its held-back half, as a set written by new people in new voices would be.
Prints a table and writes bench/results/second_opinion.json. Needs the `train` extra (scikit-learn).

    .venv/bin/python bench/train_second_opinion.py
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.models.intent import IntentKind  # noqa: E402
from engine.play.intent import rule_view  # noqa: E402
from engine.play.second_opinion import SURE, WEIGHTS_FILE, RuleView, features, verdict  # noqa: E402
from tests.engine.play.blind_sets import BLIND_SETS, split, training_cases, training_digest  # noqa: E402
from tests.engine.play.blind_world import case_world  # noqa: E402

MIN_COUNT = 5  # a feature seen fewer times is a sentence remembered, not a habit learned
C = 0.3  # with pieces of words there are many more inputs: leave one set out liked a stronger pull to zero
OUT = ROOT / "engine" / "play" / WEIGHTS_FILE
RESULTS = ROOT / "bench" / "results" / "second_opinion.json"


Seen = list[tuple[dict[str, float], RuleView]]


def _seen(cases: list[dict]) -> Seen:
    """Each case's features and what the rules made of it."""
    views = [rule_view(case["text"], case_world(case), case["actor"]) for case in cases]
    return [(features(view), view) for view in views]


def _ruled(kinds: tuple[IntentKind, ...]) -> str:
    return (kinds[0] if len(kinds) == 1 else IntentKind.MIXED).value


def _fit(rows: list[dict[str, float]], kinds: list[str]) -> tuple[DictVectorizer, LogisticRegression]:
    counts = Counter(name for row in rows for name in row)
    kept = [{k: v for k, v in row.items() if counts[k] >= MIN_COUNT} for row in rows]
    vectors = DictVectorizer()
    model = LogisticRegression(C=C, max_iter=5000).fit(vectors.fit_transform(kept), kinds)
    return vectors, model


def _judged(vectors: DictVectorizer, model: LogisticRegression, seen: Seen) -> list[str]:
    kinds = []
    for (_, view), probs in zip(seen, model.predict_proba(vectors.transform([r for r, _ in seen])), strict=True):
        best = int(probs.argmax())
        said = IntentKind(str(model.classes_[best]))
        kinds.append(_ruled(verdict(view, said, float(probs[best])) or view.kinds))
    return kinds


def main() -> int:
    train = training_cases()
    seen = _seen(train)
    owner = [case.get("_set") for case in train]
    rows, table = [], []
    for number in sorted(BLIND_SETS):
        keep = [i for i, o in enumerate(owner) if o != number]
        vectors, model = _fit([seen[i][0] for i in keep], [train[i]["kind"] for i in keep])
        held = split(number)[1]
        held_seen = _seen(held)
        judged = _judged(vectors, model, held_seen)
        gold = [c["kind"] for c in held]
        rules = [_ruled(view.kinds) for _, view in held_seen]
        ruled = sum(g == r for g, r in zip(gold, rules, strict=True))
        now = sum(g == j for g, j in zip(gold, judged, strict=True))
        fixed = sum(g == j != r for g, j, r in zip(gold, judged, rules, strict=True))
        broke = sum(g == r != j for g, j, r in zip(gold, judged, rules, strict=True))
        rows.append({"set": number, "held": len(held), "rules": ruled, "with_opinion": now,
                     "fixed": fixed, "broken": broke})
        table.append(f"set {number:>2} held {len(held):>4}  rules {100 * ruled / len(held):5.1f}%  "
                     f"with opinion {100 * now / len(held):5.1f}%  fixed {fixed:>2} broken {broke:>2}")
    total = sum(r["held"] for r in rows)
    ruled, now = sum(r["rules"] for r in rows), sum(r["with_opinion"] for r in rows)
    print("Leave one set out (the model never saw any sentence of the set it judges):")
    print("\n".join(table))
    print(f"all    held {total:>4}  rules {100 * ruled / total:5.1f}%  with opinion {100 * now / total:5.1f}%")
    vectors, model = _fit([r for r, _ in seen], [c["kind"] for c in train])
    names = vectors.feature_names_
    weights = {name: [round(float(model.coef_[k][i]), 4) for k in range(len(model.classes_))]
               for i, name in enumerate(names)}
    OUT.write_text(json.dumps({
        "about": "Second opinion on the kind of act; written by bench/train_second_opinion.py, do not edit.",
        "trained_on": training_digest(train), "sentences": len(train), "min_count": MIN_COUNT, "C": C,
        "classes": [str(c) for c in model.classes_], "intercept": [round(float(b), 4) for b in model.intercept_],
        "weights": weights}, separators=(",", ":")) + "\n")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"leave_one_set_out": rows, "held": total, "rules": ruled, "with_opinion": now,
                                   "sure": SURE, "features": len(names), "sentences": len(train)}, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(names)} features, {len(train)} sentences)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
