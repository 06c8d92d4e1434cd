/* build/host/pmu-encode as a user runs it: output format, exit codes,
 * error messages. Run from the top of the tree ($BUILD names another build
 * directory, as for tests/run-checks); skipped when the tool is not built. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/host/check.h"
#include "tools/hostlib/cpus.h"

static char tool[256];
static char out[16384];

/* Runs the tool with args (stderr into the output); returns its status. */
static int run(const char *args)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", tool, args);
    FILE *f = popen(cmd, "r");
    if (!f) {
        return -1;
    }
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = '\0';
    int status = pclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void)
{
    const char *build = getenv("BUILD");
    snprintf(tool, sizeof tool, "%s/host/pmu-encode", build && *build ? build : "build");
    if (access(tool, X_OK) != 0) {
        SKIP("%s is not built", tool);
        return check_summary();
    }
    CHECK(run("--pmu piii -e INST_RETIRED:u") == 0 && strncmp(out, "# pass 0\n", 9) == 0 &&
              strstr(out, "wrmsr 0x186 0x0  # PERFEVTSEL0 = 0") &&
              strstr(out, "wrmsr 0x186 0x4100c0  # PERFEVTSEL0 INST_RETIRED:u +EN") &&
              strstr(out, "rdpmc 0x0  # INST_RETIRED:u on PMC0"),
          "piii: a single pass too starts with '# pass 0', one wrmsr line per write, then the "
          "RDPMC index");
    CHECK(run("--pmu ppc604e -e instructions,cycles:u") == 0 &&
              strstr(out, "mtspr 952 0x80000000  # MMCR0 = FC") &&
              strstr(out, "mtspr 952 0x80  # MMCR0: PMC1SEL 0x02") &&
              strstr(out, "mtspr 952 0x40000040  # MMCR0: PMC1SEL 0x01 PMC2SEL 0x00 FCS") &&
              strstr(out, "mfspr 953  # INSTRUCTIONS_COMPLETED on PMC1, pass 0") &&
              strstr(out, "mfspr 953  # CYCLES:u on PMC1, pass 1"),
          "ppc604e: mtspr lines with the SPR in decimal, then mfspr; :u sets FCS in its own pass");
    CHECK(run("--pmu ppc604 -e SYSTEM_CALLS") == 1 && strstr(out, "not on this CPU"),
          "ppc604: a PMC3 event is refused");
    CHECK(run("--pmu p5 -e INSTRUCTIONS_EXECUTED") == 0 && strstr(out, "wrmsr 0x11 0xd6  # CESR") &&
              strstr(out, "rdmsr 0x12"),
          "p5: CESR write, read with RDMSR 0x12");
    CHECK(run("--pmu arch --version 2 --gp 2 --fixed 3 -e cycles,branches") == 0 &&
              strstr(out, "wrmsr 0x38f 0x200000001  # GLOBAL_CTRL: start") &&
              strstr(out, "rdpmc 0x40000001"),
          "arch v2: GLOBAL_CTRL enables PMC0 and FIXED1");
    /* 0 counters is CPUID's own answer, not "the default". */
    CHECK(run("--pmu arch --fixed 0 -e UNHALTED_CORE_CYCLES") == 0 &&
              strstr(out, "rdpmc 0x0  # UNHALTED_CORE_CYCLES on PMC0") && !strstr(out, "FIXED") &&
              !strstr(out, "0x38d") && !strstr(out, "0x40000"),
          "arch --fixed 0: no fixed counter, UNHALTED_CORE_CYCLES on PMC0");
    CHECK(run("--pmu arch --version 5 --fixed 0 -e instructions,cycles,ref-cycles") == 0 &&
              !strstr(out, "FIXED") && !strstr(out, "0x40000"),
          "arch v5 --fixed 0: instructions, cycles, ref-cycles all on GP counters");
    CHECK(run("--pmu arch --fixed 1 -e instructions,cycles") == 0 &&
              strstr(out, "INSTRUCTION_RETIRED on FIXED0") &&
              strstr(out, "UNHALTED_CORE_CYCLES on PMC0"),
          "arch --fixed 1: only FIXED0 exists, cycles go to PMC0");
    CHECK(run("--pmu arch --gp 0 -e cycles") == 0 && strstr(out, "rdtsc") &&
              !strstr(out, "rdpmc") && !strstr(out, "wrmsr") && strstr(out, "no usable PMU"),
          "arch --gp 0: the arch backend refuses it (no GP counters); TSC, with a note");
    CHECK(run("--pmu arch --version 1 -e cycles") == 0 && !strstr(out, "0x38f"),
          "arch v1: no global control");
    CHECK(run("--pmu fam15h -e instructions") == 0 && strstr(out, "wrmsr 0xc0010200 "),
          "fam15h: core-extension MSRs");
    CHECK(run("--pmu piii -e INST_RETIRED,BOGUS:u") != 0 && strstr(out, "'BOGUS:u'") &&
              strstr(out, "unknown event"),
          "an unknown event exits non-zero naming the word");
    CHECK(run("--pmu nosuch -e cycles") != 0 && strstr(out, "unknown PMU 'nosuch'"),
          "an unknown PMU name exits non-zero");
    CHECK(run("--pmu arch --version 9 -e cycles") != 0 && strstr(out, "--version"),
          "an impossible arch version is refused");
    CHECK(run("--pmu k8 --list") == 0 && strstr(out, "DATA_CACHE_REFILLS") &&
              strstr(out, ":L2_SHARED"),
          "--list shows events and unit masks");
    CHECK(run("--pmu k8-revc -e PROBE:UPSTREAM_WRITES") != 0 &&
              strstr(out, "'PROBE:UPSTREAM_WRITES'") && strstr(out, "K8 revision C") &&
              strstr(out, "only from K8 revision D on"),
          "--pmu k8-revc: a revision D unit mask is refused, naming the revision");
    CHECK(run("--pmu k8-revc -e PROBE") == 0 && strstr(out, "encoding r3fec"),
          "--pmu k8-revc: PROBE's ALL is revision C's 0x3F");
    CHECK(run("--pmu fam10h-barcelona --describe") == 0 &&
              strstr(out, "family 10h revision B (Barcelona)"),
          "--describe names the revision");
    CHECK(run("--help") == 0 && strstr(out, "k8-revb") && strstr(out, "fam10h-barcelona"),
          "--help names the revision PMUs");
    CHECK(run("--pmu fam10h -e L3_CACHE_MISSES:u") == 0 &&
              strstr(out, "wrmsr 0xc0010000 0x40041f7e1  # PERF_CTL0 L3_CACHE_MISSES:u +EN") &&
              run("--pmu fam10h --perf -e L3_CACHE_MISSES:u,instructions:k") == 0 &&
              strncmp(out, "# pass 0\n", 9) == 0 &&
              strstr(out, "cpu/config=0x40000f7e1/u  # L3_CACHE_MISSES:u on PMC0: type 4 config "
                          "0x40000f7e1 exclude_user 0 exclude_kernel 1\n") &&
              strstr(out, "cpu/config=0xc0/k  # RETIRED_INSTRUCTIONS:k on PMC1"),
          "--perf: the PERF_CTL value without EN and USR, as `perf stat -e` takes it (u, k "
          "after the slash), then the raw fields");
    CHECK(run("--pmu arch --version 1 --gp 1 --perf -e LLC_MISSES,LLC_REFERENCES") == 0 &&
              strstr(out, "# pass 1\ncpu/config=0x4f2e/  # LLC_REFERENCES on PMC0"),
          "--perf: one block per pass");
    CHECK(run("--pmu p4 --perf -e instructions") == 1 &&
              strstr(out, "pmu-encode: p4: no perf configuration: the Pentium 4's") &&
              !strstr(out, "config="),
          "--perf on the P4: the reason, no configuration, exit 1");
    CHECK(run("--help") == 0 && strstr(out, "--perf"), "--help names --perf");
    /* Every CPU of the table (tools/hostlib/cpus.c) encodes its default
     * set, and --list-cpus prints each in the table's order. */
    const char *name;
    char listed[1024] = "";
    size_t at = 0;
    for (unsigned i = 0; (name = pmu_cpu_name(i)); i++) {
        char args[64];
        snprintf(args, sizeof args, "--pmu %s", name);
        CHECK(run(args) == 0 &&
                  (strstr(out, "rdpmc") || strstr(out, "rdmsr") || strstr(out, "rdtsc") ||
                   strstr(out, "mfspr") || strstr(out, "mftb")),
              "--pmu %s encodes its default set", name);
        at += (size_t)snprintf(listed + at, at < sizeof listed ? sizeof listed - at : 0, "%s\n",
                               name);
    }
    CHECK(at < sizeof listed && run("--list-cpus") == 0 && strcmp(out, listed) == 0,
          "--list-cpus prints the table's names, one a line");
    return check_summary();
}
