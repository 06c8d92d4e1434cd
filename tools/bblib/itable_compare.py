"""An instruction table beside a published one (docs/itable.md): uops.info's
figures as a CSV with the columns mnemonic, operands (uops.info's notation,
"R32, R32", "ZMM, K, ZMM, ZMM"), latency_cycles and throughput_cycles. A
form agrees in latency within 0.1 cycle and in throughput within 10 %;
each disagreement is listed with what explains it where the generator
knows (a helper's latency taken off, a value-dependent divide, copies
bound by their own chain, the carry flag, the published figures of one
operation's forms disagreeing, the CPU's least vector latency), else as
unexplained.
"""

import csv

from . import itable, report

LATENCY_TOLERANCE = 0.1  # cycles
THROUGHPUT_TOLERANCE = 0.10  # of the published figure

# Our operand kinds in uops.info's notation.
KINDS = {"r8": "R8l", "r16": "R16", "r32": "R32", "r64": "R64", "mm": "MM", "xmm": "XMM",
         "ymm": "YMM", "zmm": "ZMM", "k": "K", "i8": "I8", "i16": "I16", "i32": "I32",
         "i64": "I64", "1": "1", "cl": "CL", "xmm0": "XMM0", "st(0)": "ST(0)",
         "st(i)": "ST(i)"}


VECTOR_KINDS = ("MM", "XMM", "YMM", "ZMM")


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


def _parts(form):
    """(MNEMONIC, [operand kinds in uops.info's notation, None where it has
    none]) of a form of ours. uops.info's CSV names no encoding, so an {evex}
    form meets its VEX twin's figures too."""
    mnemonic, _, operands = form.removeprefix(itable.EVEX_PREFIX).partition(" ")
    return mnemonic, [KINDS.get(k.strip()) for k in operands.split(",")] if operands else []


def _vector_result(form):
    kinds = _parts(form)[1]
    return bool(kinds) and kinds[0] in VECTOR_KINDS


def keys_of(form):
    """The published keys a form of ours may have, best first: its own, then
    the masked form of an EVEX instruction (a mask of all ones costs the same)."""
    mnemonic, kinds = _parts(form)
    if None in kinds:
        return []
    names = [mnemonic[:-2] + cc for cc in ("Z", "E")] if mnemonic.endswith("cc") else [mnemonic]
    keys = [(n.upper(), ", ".join(kinds)) for n in names]
    if kinds and kinds[0] in ("XMM", "YMM", "ZMM"):
        keys += [(n.upper(), ", ".join([kinds[0], "K"] + kinds[1:])) for n in names]
    return keys


def _operation(mnemonic, kinds):
    """What forms of one operation share: the mnemonic without its VEX/EVEX V
    and the operand kinds with the vector width, the mask and a VEX form's
    separate destination left out, so PMAXSD XMM, XMM, VPMAXSD XMM, XMM, XMM
    and VPMAXSD ZMM, K, ZMM, ZMM meet."""
    kinds = ["VEC" if k in VECTOR_KINDS else k for k in kinds if k != "K"]
    while kinds[:2] == ["VEC", "VEC"]:
        kinds = kinds[1:]
    name = mnemonic.upper()
    return (name[1:] if name.startswith("V") else name, tuple(kinds))


def sibling_latencies(published):
    """{operation: set of latencies} over every published form of it."""
    out = {}
    for (mnemonic, operands), figures in published.items():
        key = _operation(mnemonic, [k.strip() for k in operands.split(",") if k.strip()])
        out.setdefault(key, set()).update(f[0] for f in figures if f[0] is not None)
    return out


def _siblings_of(form, siblings):
    return siblings.get(_operation(*_parts(form)), set())


def vector_floor(rows, published, siblings):
    """The least latency measured here of a form with a vector result and a
    published latency (moves the renamer eliminates, 0 cycles there, left out),
    and how many forms it is the least of; None without any. siblings:
    sibling_latencies(published)."""
    measured = []
    for row in rows:
        if row["latency"] is None or not _vector_result(row["form"]):
            continue
        found = next((published[k] for k in keys_of(row["form"]) if k in published), [])
        if any(f[0] for f in found) and 0 not in _siblings_of(row["form"], siblings):
            measured.append(row["latency"])
    return (min(measured), len(measured)) if measured else None


def _explain(row, kind, ours, theirs, form, context):
    notes = " ".join(row.get("notes") or [])
    mnemonic = _parts(row["form"])[0]
    if kind == "latency" and theirs == 0:
        return ("a move the renamer eliminates: uops.info's chain costs 0 cycles; a chain that "
                "alternates two registers here runs at about 0.4 a move")
    if kind == "latency":
        if any(abs(t - ours) <= LATENCY_TOLERANCE for t in
               _siblings_of(row["form"], context["siblings"])):
            return ("uops.info gives another width or encoding of this operation %.0f cycles, as "
                    "here: the published figures differ between forms of one operation" % ours)
        floor = context["vector_floor"]
        if floor and abs(ours - floor[0]) <= LATENCY_TOLERANCE and theirs < floor[0] and \
                _vector_result(row["form"]):
            return ("no vector result here is ready in under %.0f cycles: the least of the %d "
                    "vector forms with a published latency" % floor)
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
    siblings = sibling_latencies(published)
    context = {"siblings": siblings, "vector_floor": vector_floor(rows, published, siblings)}
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
                                context)})
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
