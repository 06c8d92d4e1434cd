#!/usr/bin/env python3
"""Makes a screenshot look like a phone's photo of the screen (Debian's
python3-pil): the camera sees the screen small or large (scale), tilted
(rotate, degrees), from off-axis (keystone: the far edge this fraction
narrower), out of focus (blur: Gaussian radius in the photo's pixels),
enlarged again by software (up), with
sensor noise (noise: uniform +-levels), a screen whose black glows and
whose white is dim (contrast: the levels black and white become), and JPEG
compression (quality). Deterministic: the noise comes from a seeded
generator.

    photo.py IN OUT [name=value ...]   e.g. scale=0.7 rotate=4 jpeg=70
"""

import random
import sys

from PIL import Image, ImageChops, ImageFilter

DEFAULTS = {"scale": 1.0, "rotate": 0.0, "keystone": 0.0, "blur": 0.0, "up": 1.0, "noise": 0,
            "contrast": 0, "jpeg": 0, "seed": 1}


def homography(dst, src):
    """PIL's PERSPECTIVE coefficients (a..h: x = (ax+by+c)/(gx+hy+1), y =
    (dx+ey+f)/(gx+hy+1)) that take each output point dst[i] to the source
    point src[i]: eight linear equations, solved by Gauss-Jordan."""
    rows = []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    for i in range(8):
        pivot = max(range(i, 8), key=lambda r: abs(rows[r][i]))
        rows[i], rows[pivot] = rows[pivot], rows[i]
        for r in range(8):
            if r != i:
                f = rows[r][i] / rows[i][i]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[i])]
    return [rows[i][8] / rows[i][i] for i in range(8)]


def degrade(src, dst, **kw):
    p = dict(DEFAULTS, **kw)
    dim = int(p["contrast"])
    img = Image.open(src).convert("L")
    w, h = img.size
    if p["contrast"]:  # black -> contrast, white -> 255 - contrast
        lo, hi = dim, 255 - dim
        img = img.point(lambda v: lo + v * (hi - lo) // 255)
    if p["keystone"]:
        # A true perspective (a plane seen at an angle): the top edge shows
        # narrower by the fraction keystone, the bottom edge stays.
        k = p["keystone"] * w / 2
        seen = ((k, 0), (w - k, 0), (w, h), (0, h))
        img = img.transform((w, h), Image.PERSPECTIVE,
                            homography(seen, ((0, 0), (w, 0), (w, h), (0, h))),
                            resample=Image.BICUBIC, fillcolor=dim)
    if p["rotate"]:
        img = img.rotate(p["rotate"], resample=Image.BICUBIC, expand=True,
                         fillcolor=dim)
    if p["scale"] != 1.0:
        img = img.resize((max(1, round(img.width * p["scale"])),
                          max(1, round(img.height * p["scale"]))), Image.LANCZOS)
    if p["blur"]:
        img = img.filter(ImageFilter.GaussianBlur(p["blur"]))
    if p["up"] != 1.0:  # the phone's zoom, or a video frame scaled for display
        img = img.resize((round(img.width * p["up"]), round(img.height * p["up"])),
                         Image.BICUBIC)
    if p["noise"]:
        a = int(p["noise"])
        rng = random.Random(p["seed"])
        noise = Image.frombytes("L", img.size, rng.randbytes(img.width * img.height))
        noise = noise.point(lambda v: 128 - a + v * (2 * a) // 255)
        img = ImageChops.add(img, noise, 1.0, -128)
    if p["jpeg"]:
        img.save(dst, "JPEG", quality=int(p["jpeg"]))
    else:
        img.save(dst)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    params = {}
    for arg in argv[3:]:
        name, value = arg.split("=", 1)
        if name not in DEFAULTS:
            sys.exit("photo.py: unknown parameter %s" % name)
        params[name] = float(value)
    degrade(argv[1], argv[2], **params)


if __name__ == "__main__":
    main(sys.argv)
