/* Iterative glob with single-star backtracking: linear in practice and no
 * recursion, so a hostile pattern cannot blow the kernel stack. */
#include "lib/glob.h"

#include "lib/kstring.h"

bool glob_match(const char *pattern, size_t pattern_len, const char *name)
{
    size_t p = 0, n = 0, star_p = (size_t)-1, star_n = 0;
    size_t name_len = strlen(name);
    while (n < name_len) {
        if (p < pattern_len && pattern[p] == '*') {
            star_p = p++;
            star_n = n;
        } else if (p < pattern_len &&
                   (pattern[p] == '?' || ascii_lower(pattern[p]) == ascii_lower(name[n]))) {
            p++;
            n++;
        } else if (star_p != (size_t)-1) {
            p = star_p + 1;
            n = ++star_n;
        } else {
            return false;
        }
    }
    while (p < pattern_len && pattern[p] == '*') {
        p++;
    }
    return p == pattern_len;
}
