#!/usr/bin/env python3
"""An independent reference scorer for FormalRx predictions (stage one only).

It restates docs/rules.md in plain Python, sharing no code with rxeval, so
that rxeval's figures can be checked against a second calculation and its
speed compared with the obvious script (see BenchmarkScoreProcess and
TestReferenceScorerAgrees). Every correction or location that is not byte
for byte the gold's counts as wrong: this is `rxeval score --judge exact`.

    python3 scripts/refscore.py GOLD.jsonl PRED.jsonl   # prints JSON
"""
import json
import sys

ALIASES = {
    "(Partial) Order Error": "Partial Order Errors",
    "Integration/Diff. Confusion": "Integration/Differentiation Confusion",
    "Geometric Error": "Geometric Relationship/Object Error",
}
CATEGORIES = {
    "Quantifier Strengthening", "Quantifier Weakening", "Logical Connective Misuse", "Object Type Error",
    "Function Confusion", "Operator Confusion", "Exponent/Power Error", "Coefficient/Constant Error",
    "Index/Subscript Error", "Partial Order Errors", "Infinity Misinterpretation", "Extremum Concept Error",
    "Cardinality Error", "Integration/Differentiation Confusion", "Geometric Relationship/Object Error",
    "Positivity Constraint Error", "Bound Constraint Error", "Domain Constraint Error",
    "Variable Constraint Error", "Range Shift", "Range Error", "Missing Premise", "Redundant Premise",
    "Incorrect Premise", "Conclusion Error", "Auxiliary Construction Error", "Truncation Error",
    "Operator Precedence Error",
}


def null(v):
    return None if v is None or v == "N/A" else v


def read_gold(path):
    gold = {}
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        row = json.loads(line)
        d = row.get("diagnosis")
        if d is not None:
            aligned = str(d.get("aligned")).lower() == "aligned"
            gold[row["idx"]] = (aligned, null(d.get("error_type")), null(d.get("error_location")),
                                null(d.get("corrected_statement")))
        else:
            gold[row["idx"]] = (row["verdict"] == "aligned", null(row.get("error_category")),
                                null(row.get("error_segment")), null(row.get("corrected_statement")))
    return gold


def f1(tp, fp, fn):
    return 2 * tp / (2 * tp + fp + fn) if 2 * tp + fp + fn else 0.0


def score(gold, pred):
    vt = {"aligned": [0, 0, 0], "misaligned": [0, 0, 0]}  # tp, fp, fn per class
    cat = {}
    loc = corr = joint = 0
    for idx, (g_aligned, g_cat, g_seg, g_corr) in gold.items():
        p = pred[idx]
        verdict = p["verdict"] if p["verdict"] in ("aligned", "misaligned") else None
        p_cat = null(p.get("error_category"))
        p_cat = ALIASES.get(p_cat, p_cat)
        p_seg, p_corr = null(p.get("error_segment")), null(p.get("corrected_statement"))
        g_class = "aligned" if g_aligned else "misaligned"
        if verdict == g_class:
            vt[g_class][0] += 1
        else:
            vt[g_class][2] += 1
            if verdict is not None:
                vt[verdict][1] += 1
        if g_aligned:
            if p_cat in CATEGORIES:
                cat.setdefault(p_cat, [0, 0, 0])[1] += 1
            seg_ok, corr_ok = p_seg is None, p_corr is None
            right = verdict == "aligned" and p_cat is None and seg_ok and corr_ok
        else:
            g = ALIASES.get(g_cat, g_cat)
            counts = cat.setdefault(g, [0, 0, 0])
            cat_ok = verdict == "misaligned" and p_cat == g
            counts[0 if cat_ok else 2] += 1
            seg_ok = p_seg is not None and p_seg.strip() != "" and p_seg == g_seg
            corr_ok = p_corr is not None and p_corr.strip() != "" and p_corr == g_corr
            right = cat_ok and seg_ok and corr_ok
        loc += seg_ok
        corr += corr_ok
        joint += right
    n = len(gold)
    used = [c for c in cat.values() if sum(c)]
    # A class with no TP, FP or FN has no F1: it is left out of a macro
    # mean (sklearn's macro over the labels that occur); with none left,
    # nothing was missed or predicted wrongly: 1.
    macro = lambda cs: sum(f1(*c) for c in cs) / len(cs) if cs else 1.0
    return {
        "n": n,
        "verdict_macro_f1": macro([c for c in vt.values() if sum(c)]),
        "category_macro_f1": macro(used),
        "localization_accuracy": loc / n,
        "correction_accuracy": corr / n,
        "joint_accuracy": joint / n,
    }


def main():
    gold = read_gold(sys.argv[1])
    pred = {}
    for line in open(sys.argv[2], encoding="utf-8"):
        if line.strip():
            row = json.loads(line)
            pred[row["idx"]] = row
    json.dump(score(gold, pred), sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
