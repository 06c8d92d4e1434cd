"""Host-side library of barebench: boot images in emulators, read serial logs."""
