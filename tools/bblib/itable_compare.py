"""An instruction table beside a published one (docs/itable.md): uops.info's
figures as a CSV with the columns mnemonic, operands (uops.info's notation,
"R32, R32", "ZMM, K, ZMM, ZMM"), latency_cycles and throughput_cycles. A
form agrees in latency within 0.1 cycle and in throughput within 10 %;
each disagreement is listed with what explains it where the generator
knows (a helper's latency taken off, a value-dependent divide, copies
bound by their own chain, the carry flag), else as unexplained.
"""

import csv

from . import report

LATENCY_TOLERANCE = 0.1  # cycles
THROUGHPUT_TOLERANCE = 0.10  # of the published figure

# Our operand kinds in uops.info's notation.
KINDS = {"r8": "R8l", "r16": "R16", "r32": "R32", "r64": "R64", "mm": "MM", "xmm": "XMM",
         "ymm": "YMM", "zmm": "ZMM", "k": "K", "i8": "I8", "i16": "I16", "i32": "I32",
         "i64": "I64", "1": "1", "cl": "CL", "xmm0": "XMM0", "st(0)": "ST(0)",
         "st(i)": "ST(i)"}


def _number(text):
    try:
        return float(text)
    except ValueError:
        return None


def load(path):
    """{(MNEMONIC, "OPERANDS"): [(latency, throughput)]} of a published CSV."""
    out = {}
    with open(path, encoding="utf-8") as f:
        rows = csv.DictReader(f)
        missing = {"mnemonic", "operands", "latency_cycles", "throughput_cycles"} - \
            set(rows.fieldnames or ())
        if missing:
            raise ValueError("%s: no column %s" % (path, ", ".join(sorted(missing))))
        for row in rows:
            key = (row["mnemonic"].upper(), row["operands"].strip())
            out.setdefault(key, []).append((_number(row["latency_cycles"]),
                                            _number(row["throughput_cycles"])))
    return out


def keys_of(form):
    """The published keys a form of ours may have, best first: its own, then
    the masked form of an EVEX instruction (a mask of all ones costs the same)."""
    mnemonic, _, operands = form.partition(" ")
    kinds = [KINDS.get(k.strip()) for k in operands.split(",")] if operands else []
    if None in kinds:
        return []
    names = [mnemonic[:-2] + cc for cc in ("Z", "E")] if mnemonic.endswith("cc") else [mnemonic]
    keys = [(n.upper(), ", ".join(kinds)) for n in names]
    if kinds and kinds[0] in ("XMM", "YMM", "ZMM"):
        keys += [(n.upper(), ", ".join([kinds[0], "K"] + kinds[1:])) for n in names]
    return keys


def _vex_twin(form):
    """The published key of a legacy SSE form's VEX twin: PMAXSD xmm, xmm ->
    VPMAXSD XMM, XMM, XMM."""
    mnemonic, _, operands = form.partition(" ")
    kinds = [k.strip() for k in operands.split(",")]
    if len(kinds) < 2 or kinds[:2] != ["xmm", "xmm"]:
        return None
    return ("V" + mnemonic.upper(), ", ".join(["XMM"] + [KINDS.get(k, "?") for k in kinds]))


def _explain(row, kind, ours, theirs, form, published):
    notes = " ".join(row.get("notes") or [])
    mnemonic = row["form"].split()[0]
    if kind == "latency" and theirs == 0:
        return ("a move the renamer eliminates: uops.info's chain costs 0 cycles; a chain that "
                "alternates two registers here runs at about 0.4 a move")
    twin = published.get(_vex_twin(row["form"])) if kind == "latency" else None
    if twin and any(t[0] is not None and abs(t[0] - ours) <= LATENCY_TOLERANCE for t in twin):
        return "uops.info gives its VEX form %.0f cycles, as here: the published figures differ " \
               "between the two encodings of one operation" % ours
    if kind == "latency":
        if "helper" in notes:
            return ("ours takes off half of a helper's round trip; uops.info gives the slowest "
                    "operand-to-result path, the helper's own included")
        if any(mnemonic.upper().startswith(p) for p in ("DIV", "VDIV", "SQRT", "VSQRT", "FDIV",
                                                         "FSQRT", "RSQRT", "VRSQRT", "RCP",
                                                         "VRCP")):
            return "its latency depends on the operand values (1.0 here)"
        if ours < theirs:
            return ("uops.info's figure is its slowest operand pair; the chain here runs through "
                    "the first source")
        return "unexplained"
    copies = form.get("registers") or 12
    if "carry flag" in notes:
        return "every copy reads the carry flag the one before wrote"
    if row["latency"] and abs(ours - row["latency"] / copies) <= 0.05 * ours:
        return ("each copy also reads its own result: %d chains bound the throughput at "
                "latency / %d" % (copies, copies))
    if ours < theirs:
        return ("faster here: this body runs from the decoded-instruction cache in a loop; an "
                "unrolled body of long encodings is bound by fetch and decode")
    return "unexplained"


def compare(rows, published, forms):
    """The comparison of a CPU's rows: counts and every disagreement."""
    by_form = {f["form"]: f for f in forms}
    out = {"compared_latency": 0, "agree_latency": 0, "compared_throughput": 0,
           "agree_throughput": 0, "unmatched": 0, "disagreements": []}
    for row in rows:
        if row["latency"] is None and row["throughput"] is None:
            continue
        found = next((published[k] for k in keys_of(row["form"]) if k in published), None)
        if not found:
            out["unmatched"] += 1
            continue
        for kind, index, tolerance in (("latency", 0, None), ("throughput", 1, None)):
            ours = row[kind]
            theirs = [p[index] for p in found if p[index] is not None]
            if ours is None or not theirs:
                continue
            best = min(theirs, key=lambda t: abs(t - ours))
            ok = abs(ours - best) <= LATENCY_TOLERANCE if kind == "latency" else \
                abs(ours - best) <= THROUGHPUT_TOLERANCE * best
            out["compared_" + kind] += 1
            if ok:
                out["agree_" + kind] += 1
                continue
            out["disagreements"].append({
                "form": row["form"], "kind": kind, "ours": ours, "published": best,
                "why": _explain(row, kind, ours, best, by_form.get(row["form"], {}),
                                published)})
    return out


def _share(n, d):
    return "%d of %d (%.0f %%)" % (n, d, 100.0 * n / d) if d else "none"


def markdown(result, source, cpu):
    lines = ["# %s beside %s" % (cpu, source), "",
             "Latency agrees within %.1f cycle for %s forms; reciprocal throughput within "
             "%d %% for %s. %d measured forms have no published figure." % (
                 LATENCY_TOLERANCE, _share(result["agree_latency"], result["compared_latency"]),
                 THROUGHPUT_TOLERANCE * 100,
                 _share(result["agree_throughput"], result["compared_throughput"]),
                 result["unmatched"]), ""]
    why = {}
    for d in result["disagreements"]:
        why.setdefault((d["kind"], d["why"]), []).append(d)
    lines += ["Disagreements by explanation:", ""]
    lines += report.markdown_table(("figure", "explanation", "forms"), [
        (kind, text, str(len(ds))) for (kind, text), ds in
        sorted(why.items(), key=lambda kv: -len(kv[1]))])
    lines += ["", "Every disagreement, largest first:", ""]
    worst = sorted(result["disagreements"], key=lambda d: -abs(d["ours"] - d["published"]) /
                   max(d["published"], 0.01))
    lines += report.markdown_table(("form", "figure", "here", "published", "explanation"), [
        (d["form"], d["kind"], "%.2f" % d["ours"], "%.2f" % d["published"], d["why"])
        for d in worst])
    return "\n".join(lines) + "\n"
