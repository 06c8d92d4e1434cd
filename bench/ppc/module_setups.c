/* The PowerPC kernel offers payload modules no set-ups (bench/module.h):
 * their bodies start from registers at 0. */
#include "bench/module.h"

const struct module_setups module_setups = {0, 0};
