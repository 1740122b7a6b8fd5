#!/usr/bin/python3
"""WebP, GIF and BMP images written by Pillow (Debian's python3-pil), an encoder other than HeroBridge's, and what
Pillow makes of an image file. Run with /usr/bin/python3.

    pil_image.py make FORMAT WIDTH HEIGHT [OPTION...]   the image's bytes on stdout
        FORMAT: webp, gif or bmp. OPTIONS: mode=RGBA|RGB|P|L|1 (default RGB), lossless (WebP), quality=N (WebP),
        interlace (GIF), transparent (GIF: the top left pixel's colour is the transparent one), frames=N (an animated GIF or
        WebP of N frames, each of a different colour)
    pil_image.py check FILE   prints FORMAT WIDTH HEIGHT as Pillow reads FILE, having decoded every pixel;
                              exits 1 when Pillow cannot read it

The pixels are a gradient with a transparent left edge in RGBA mode, so that a decoder which swaps channels, flips
rows or drops alpha shows it.
"""
import io
import sys

from PIL import Image


def picture(width, height, mode):
    image = Image.new("RGBA", (width, height))
    for y in range(height):
        for x in range(width):
            alpha = 0 if x < width // 4 else 255
            image.putpixel((x, y), (x * 255 // max(1, width - 1), y * 255 // max(1, height - 1), 90, alpha))
    if mode == "RGBA":
        return image
    if mode == "P":
        return image.convert("RGB").quantize(colors=16)
    return image.convert(mode)


def make(fmt, width, height, options):
    settings = dict(option.split("=", 1) if "=" in option else (option, True) for option in options)
    image = picture(width, height, settings.get("mode", "RGB"))
    out = io.BytesIO()
    frames = int(settings.get("frames", 1))
    extra = {}
    if frames > 1:
        colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
        rest = [Image.new("RGB", (width, height), colours[i % 4]).convert(image.mode) for i in range(frames - 1)]
        extra = dict(save_all=True, append_images=rest, duration=100, loop=0)
    if fmt == "webp":
        image.save(out, "WEBP", lossless=bool(settings.get("lossless")), quality=int(settings.get("quality", 80)), **extra)
    elif fmt == "gif":
        if settings.get("transparent"):
            image = image.convert("P")
            extra["transparency"] = image.getpixel((0, 0))
        image.save(out, "GIF", interlace=bool(settings.get("interlace")), **extra)
    elif fmt == "bmp":
        image.save(out, "BMP")
    else:
        sys.exit(f"unknown format {fmt}")
    sys.stdout.buffer.write(out.getvalue())


def check(path):
    try:
        with Image.open(path) as image:
            image.load()
            print(image.format, image.width, image.height)
    except Exception as error:  # Pillow raises many types; any of them means it could not read the file
        print(f"{path}: {error}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:])
    elif len(sys.argv) == 3 and sys.argv[1] == "check":
        check(sys.argv[2])
    else:
        sys.exit(__doc__)
