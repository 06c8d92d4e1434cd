#!/bin/sh
# Installs the Debian packages barebench needs, only when something is
# missing, so `make run` and `make check` can call it every time.
set -e

# command-or-file -> package
need="
nasm:nasm
gcc:gcc
make:make
python3:python3
qemu-system-i386:qemu-system-x86
bochs:bochs
/usr/lib/x86_64-linux-gnu/bochs/plugins/libbx_term_gui.so:bochs-term
/usr/share/bochs/BIOS-bochs-latest:bochsbios
/usr/share/vgabios/vgabios.bin:vgabios
grub-mkrescue:grub-common
/usr/lib/grub/i386-pc/multiboot2.mod:grub-pc-bin
/usr/lib/grub/x86_64-efi/multiboot2.mod:grub-efi-amd64-bin
xorriso:xorriso
mformat:mtools
/usr/share/ovmf/OVMF.fd:ovmf
/usr/include/perfmon/pfmlib.h:libpfm4-dev
/usr/lib/gcc/x86_64-linux-gnu/12/32/libgcc.a:lib32gcc-12-dev
clang:clang
cppcheck:cppcheck
clang-tidy:clang-tidy
clang-format:clang-format
/usr/lib/python3/dist-packages/junitparser/__init__.py:python3-junitparser
/usr/lib/ipxe/qemu/efi-e1000.rom:ipxe-qemu
qemu-system-ppc:qemu-system-ppc
powerpc-linux-gnu-gcc:gcc-powerpc-linux-gnu
zbarimg:zbar-tools
qrencode:qrencode
/usr/lib/python3/dist-packages/PIL/Image.py:python3-pil
"

missing=""
for pair in $need; do
    what=${pair%%:*}
    pkg=${pair#*:}
    case $what in
    /*) [ -e "$what" ] || missing="$missing $pkg" ;;
    *) command -v "$what" >/dev/null 2>&1 || missing="$missing $pkg" ;;
    esac
done
# libFuzzer's runtime ships with clang's compiler-rt.
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
    missing="$missing libclang-rt-dev"

[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
