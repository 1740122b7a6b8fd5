#!/usr/bin/python3
"""Writes the seed inputs of every herobridge-fuzz harness to Fuzz/corpus/<harness>/seed-*.

The seeds are the kinds of input the tests use (tiny PNGs of every colour type, baseline, progressive, grey and
CMYK JPEGs, browser clipboard bytes, URI lists, hero JSON, config files) and event sequences in each state-machine
harness's input encoding (documented on the harness). Deterministic: running it again rewrites the same bytes.
JPEGs come from libturbojpeg (Debian's libturbojpeg0, which `make deps` installs); WebPs, GIFs and most BMPs from
Pillow (python3-pil, which `make test-deps` installs); everything else is built here.

    scripts/fuzz-seeds.py [CORPUS_DIR]    (default Fuzz/corpus)
"""
import base64
import ctypes
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- images ---------------------------------------------------------------------------------------------------

def png_chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


ADAM7 = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]


def png(width, height, color_type=6, depth=8, interlace=False, palette=None, trns=None, extra=b""):
    """A PNG of a gradient: color_type 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    bits = channels * depth

    def sample(x, y, c):
        top = (1 << depth) - 1
        return ((x * 7 + y * 13 + c * 50) % (top + 1)) if color_type != 3 else (x + y) % len(palette)

    def row(xs, y):
        if bits >= 8:
            out = bytearray()
            for x in xs:
                for c in range(channels):
                    v = sample(x, y, c)
                    out += v.to_bytes(depth // 8, "big")
            return bytes(out)
        acc, n, out = 0, 0, bytearray()
        for x in xs:
            acc = (acc << depth) | sample(x, y, 0)
            n += depth
            if n == 8:
                out.append(acc)
                acc, n = 0, 0
        if n:
            out.append(acc << (8 - n))
        return bytes(out)

    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 1, 0, 1)]
    for x0, dx, y0, dy in passes:
        xs = list(range(x0, width, dx))
        if not xs:
            continue
        for y in range(y0, height, dy):
            raw += b"\x00" + row(xs, y)
    out = b"\x89PNG\r\n\x1a\n"
    out += png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlace else 0))
    out += extra
    if palette:
        out += png_chunk(b"PLTE", b"".join(bytes(p) for p in palette))
    if trns is not None:
        out += png_chunk(b"tRNS", trns)
    out += png_chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    out += png_chunk(b"IEND", b"")
    return out


def jpeg(width, height, subsampling=2, progressive=False, cmyk=False, grey=False, quality=85):
    """A JPEG from libturbojpeg: subsampling 0 4:4:4, 1 4:2:2, 2 4:2:0, 3 grey."""
    tj = ctypes.CDLL("libturbojpeg.so.0")
    tj.tjInitCompress.restype = ctypes.c_void_p
    tj.tjCompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                               ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_ulong),
                               ctypes.c_int, ctypes.c_int, ctypes.c_int]
    tj.tjFree.argtypes = [ctypes.c_void_p]
    tj.tjDestroy.argtypes = [ctypes.c_void_p]
    handle = tj.tjInitCompress()
    channels, pixel_format = (4, 11) if cmyk else (1, 6) if grey else (3, 0)  # TJPF_CMYK, TJPF_GRAY, TJPF_RGB
    pixels = bytes((x * 5 + y * 11 + c * 70) % 256 for y in range(height) for x in range(width) for c in range(channels))
    buffer, size = ctypes.c_void_p(), ctypes.c_ulong(0)
    flags = 16384 if progressive else 0  # TJFLAG_PROGRESSIVE
    rc = tj.tjCompress2(handle, pixels, width, 0, height, pixel_format, ctypes.byref(buffer), ctypes.byref(size),
                        3 if grey else subsampling, quality, flags)
    assert rc == 0, "tjCompress2 failed"
    data = ctypes.string_at(buffer, size.value)
    tj.tjFree(buffer)
    tj.tjDestroy(handle)
    return data


def pngs():
    palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
    return {
        "rgba-8x6.png": png(8, 6),
        "rgb-5x5.png": png(5, 5, color_type=2),
        "grey-9x3.png": png(9, 3, color_type=0),
        "grey-alpha-4x4.png": png(4, 4, color_type=4),
        "grey-1bit-17x2.png": png(17, 2, color_type=0, depth=1),
        "palette-trns-6x6.png": png(6, 6, color_type=3, depth=2, palette=palette, trns=b"\x00\x80"),
        "rgba-16bit-3x3.png": png(3, 3, depth=16),
        "interlaced-rgba-11x9.png": png(11, 9, interlace=True),
        "interlaced-grey-1x1.png": png(1, 1, color_type=0, interlace=True),
        "text-chunk-2x2.png": png(2, 2, extra=png_chunk(b"tEXt", b"Title\x00Thor") + png_chunk(b"gAMA", struct.pack(">I", 45455))),
        "truncated.png": png(8, 8)[:-20],
        "header-bomb.png": b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)),
    }


def jpegs():
    return {
        "baseline-420-16x16.jpg": jpeg(16, 16),
        "baseline-444-9x7.jpg": jpeg(9, 7, subsampling=0),
        "baseline-422-24x8.jpg": jpeg(24, 8, subsampling=1),
        "progressive-20x20.jpg": jpeg(20, 20, progressive=True),
        "grey-8x8.jpg": jpeg(8, 8, grey=True),
        "cmyk-8x8.jpg": jpeg(8, 8, cmyk=True, subsampling=0),
        "large-300x40.jpg": jpeg(300, 40, quality=20),
        "truncated.jpg": jpeg(16, 16)[:-30],
    }


# --- text -----------------------------------------------------------------------------------------------------

def pillow(fmt, width, height, mode="RGB", **options):
    """An image written by Pillow, of the gradient pil_image.py draws (imported here so only these seeds need it)."""
    import io
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Fixtures"))
    import pil_image
    out = io.BytesIO()
    pil_image.picture(width, height, mode).save(out, fmt, **options)
    return out.getvalue()


def webps():
    lossless = pillow("WEBP", 9, 7, "RGBA", lossless=True)
    return {
        "lossless-rgba-9x7.webp": lossless,
        "lossy-16x16.webp": pillow("WEBP", 16, 16, quality=50),
        "lossy-alpha-12x5.webp": pillow("WEBP", 12, 5, "RGBA", quality=50),
        "truncated.webp": lossless[:-6],
        "header-bomb.webp": b"RIFF" + struct.pack("<I", 18) + b"WEBPVP8L" + struct.pack("<I", 5) + b"\x2f"
                            + struct.pack("<I", 16383 | 16383 << 14 | 1 << 28) + b"\x00",
    }


def gifs():
    plain = pillow("GIF", 10, 6)
    return {
        "plain-10x6.gif": plain,
        "interlaced-9x11.gif": pillow("GIF", 9, 11, interlace=True),
        "transparent-rgba-8x4.gif": pillow("GIF", 8, 4, "RGBA"),
        "one-pixel-offset.gif": b"GIF89a\x04\x00\x04\x00\x80\x00\x00" + b"\x00\x00\x00\xff\xff\xff"
                                + b"\x21\xf9\x04\x01\x00\x00\x00\x00"
                                + b"\x2c\x02\x00\x01\x00\x01\x00\x01\x00\x00\x02\x02\x4c\x01\x00\x3b",
        "truncated.gif": plain[: len(plain) * 2 // 3],
    }


def bmp(width, height, bits, rows, compression=0, header=40, masks=(), palette=()):
    """A BMP of `rows` as stored (each padded here), with masks in or after the info header and a BGR palette."""
    info = struct.pack("<IiiHHIIiiII", header, width, height, 1, bits, compression, 0, 2835, 2835, len(palette), 0)
    mask_bytes = b"".join(struct.pack("<I", m) for m in masks)
    info = (info + mask_bytes).ljust(header, b"\x00") if header > 40 else info + mask_bytes
    table = b"".join(bytes(entry) + b"\x00" for entry in palette)
    pixels = b"".join(row + b"\x00" * (-len(row) % 4) for row in rows)
    offset = 14 + len(info) + len(table)
    return b"BM" + struct.pack("<III", offset + len(pixels), 0, offset) + info + table + pixels


def bmps():
    plain = pillow("BMP", 7, 5)
    return {
        "rgb-7x5.bmp": plain,
        "palette-6x4.bmp": pillow("BMP", 6, 4, "P"),
        "mono-9x3.bmp": pillow("BMP", 9, 3, "1"),
        "top-down-24bit-2x2.bmp": bmp(2, -2, 24, [b"\x00\x00\xff\x00\xff\x00", b"\xff\x00\x00\x09\x09\x09"]),
        "bitfields-565-2x1.bmp": bmp(2, 1, 16, [struct.pack("<HH", 0xF800, 0x07E0)], compression=3,
                                     masks=(0xF800, 0x07E0, 0x001F)),
        "v5-alpha-2x1.bmp": bmp(2, 1, 32, [b"\x00\x00\xff\xff\x00\x00\xff\x80"], compression=3, header=124,
                                masks=(0xFF0000, 0xFF00, 0xFF, 0xFF000000)),
        "4bit-3x1.bmp": bmp(3, 1, 4, [b"\x12\x00"], palette=((0, 0, 0), (255, 0, 0), (0, 0, 255))),
        "truncated.bmp": plain[:-5],
    }


def utf16le(text, bom=False):
    return (b"\xff\xfe" if bom else b"") + text.encode("utf-16-le")


def text_targets():
    # Target order of TextTargetsHarness: 0-2 strict UTF-8, 3-5 lenient, 6-7 UTF-16; choice // 8 picks the cap.
    return {
        "utf8-string": bytes([0]) + "Thor Odinson\n".encode(),
        "utf8-crlf-nul": bytes([1]) + "Loki\r\nHela\r\x00\x00".encode(),
        "utf8-spelled": bytes([2]) + "Señor".encode(),
        "utf8-invalid": bytes([0]) + b"Thor \xff\xfe Odinson",
        "plain-latin1": bytes([3]) + "Se\xf1or Thor".encode("latin-1"),
        "string-chromium-utf8": bytes([4]) + "Ünus the Untouchable".encode(),
        "text-small-cap": bytes([5 + 8]) + b"a text longer than sixty-four bytes, over the small cap of this seed........",
        "utf16-bom": bytes([6]) + utf16le("Thor\r\nLoki", bom=True),
        "utf16-be-bom": bytes([7]) + b"\xfe\xff" + "Hulk".encode("utf-16-be"),
        "utf16-odd-nul": bytes([6]) + utf16le("Vision") + b"\x00",
        "utf16-unpaired": bytes([7]) + b"\x00\xd8A\x00",
        "utf16-emoji": bytes([6]) + utf16le("Groot \U0001F333"),
    }


def html():
    return {
        "firefox-utf16le": utf16le('<html><body><img src="t.png" alt="Thor Odinson"></body></html>'),
        "chromium-bom": utf16le('<meta charset="utf-8"><img title="Loki" src="l.png">', bom=True),
        "utf8-entities": '<p>Thor &amp; Loki&nbsp;&#233;&#xE9; &hellip;</p><br/><div>Hela</div>'.encode(),
        "hidden-and-comments": b"<head><title>x</title></head><script>var a = '<p>';</script><!-- c --><b>Shown</b>",
        "latin1": "<i>Se\xf1or</i> a < b".encode("latin-1"),
        "attributes": b"<img alt='A  B' title=\"T\" /><img alt=unquoted><IMG ALT=\"Upper\">",
        "unterminated": b"<img alt=\"never closed",
    }


# --- URI lists ------------------------------------------------------------------------------------------------

def uri_lists(png_bytes, jpeg_bytes):
    # byte 0: FuzzLimits.chosen; byte 1: target (0 uri-list, 1 gnome-copied-files, 2 kde); list; NUL; image bytes.
    def seed(limits, target, lines, image=b""):
        return bytes([limits, target]) + "\r\n".join(lines).encode() + b"\x00" + image

    return {
        "one-image": seed(0, 0, ["file:///home/u/i%20Thor%20Odinson.png"], png_bytes),
        "jpeg-and-https": seed(0, 0, ["file:///home/u/iron.jpg", "https://example.com/Loki.png", "# comment"], jpeg_bytes),
        "gnome-copy": seed(0, 1, ["copy", "file:///tmp/ivision.png", "file:///tmp/notes.txt"], png_bytes),
        "kde": seed(0, 2, ["file://localhost/home/u/image.png", "file:/home/u/i2.png"], png_bytes),
        "bad-entries": seed(0, 0, ["file:///d/dir", "file:///m/missing.png", "file:///h/huge.png", "file:///g/grows.png",
                                   "file:///e/empty", "file://asgard/x.png", "file:///bad%2", "file:///nul%00.png"]),
        "same-file-twice": seed(0, 0, ["file:///a/iron.png", "file:///b/iron.jpg", "file:///a/iron.png"], png_bytes),
        "small-budget": seed(1, 0, ["file:///x/i1.png", "file:///y/i2.png", "file:///z/words"], png_bytes),
        "few-uris": seed(4, 0, ["https://a/1", "https://a/2", "https://a/3"]),
        "cut-list": seed(16, 0, ["https://example.com/first", "https://example.com/second-is-past-the-cap"]),
        "percent-utf8": seed(0, 0, ["file:///home/u/Se%C3%B1or.txt", "file:///home/u/Se%F1or.txt"]),
    }


def moz_urls():
    # byte 0: target (0 x-moz-url, 1 _NETSCAPE_URL, 2 x-moz-url-desc); (byte // 3) % 2 picks the small link cap.
    return {
        "moz-url-title": bytes([0]) + utf16le("https://www.marvel.com/t.png\nThor Odinson"),
        "moz-url-path": bytes([0]) + utf16le("https://cdn.example.com/a/Loki%20Laufeyson.jpg?w=200#x"),
        "netscape": bytes([1]) + b"https://example.com/Hela.png\nHela\n",
        "netscape-host-only": bytes([1]) + b"https://www.marvel.com",
        "desc": bytes([2]) + utf16le("  Vision  ", bom=True),
        "small-cap": bytes([3]) + utf16le("https://example.com/a-long-path/Thor.png"),
    }


def hero_json(png_bytes):
    portrait = base64.b64encode(png_bytes).decode()
    return {
        "one-hero": b"\x00" + ('{"name":"Thor","description":"God of thunder","image":{"mime":"image/png","base64":"%s"}}'
                               % portrait).encode(),
        "array": b"\x00" + b'[{"name":"Loki"},{"name":"Hela","description":""}]',
        "bad-base64": b"\x00" + b'{"name":"Vision","image":{"mime":"image/png","base64":"!!!"}}',
        "long-name": b"\x00" + ('{"name":"%s"}' % ("x" * 401)).encode(),
        "max-one": bytes([8]) + b'[{"name":"A"},{"name":"B"}]',
        "empty-array": b"\x00" + b"[]",
    }


def catalogs():
    return {
        "marvel": b'{"code":200,"data":{"offset":0,"results":[{"id":1,"name":"3-D Man","description":"",'
                  b'"thumbnail":{"path":"http://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784","extension":"jpg"}},'
                  b'{"id":2,"name":"A-Bomb (HAS)","description":" Rick Jones. ","thumbnail":{"path":"http://x/y","extension":"png"}}]}}',
        "plain": b'[{"name":"Frog-Man","description":"Leaps."},{"name":"Razorback"}]',
        "wrong-shape": b'{"data":{"results":"x"}}',
    }


def configs():
    return {
        "all-settings": b"# HeroBridge\nselections = clipboard,primary    # line 2\naccept-unknown = yes\n\nmax-bytes = 32M\n"
                        b"timeout = 2.5\nwindow = no\ngeometry = 300x500-10+20\nnotify = yes\nlog-level = debug\n",
        "sizes": b"max-bytes = 65536\ntimeout = 3600\ngeometry = =+0-0\n",
        "twice": b"window = yes\nwindow = no\n",
        "bad-value": b"selections = clipboard,clipboard\n",
        "no-equals": b"just words\n",
    }


# --- event sequences ------------------------------------------------------------------------------------------

def property_values():
    return {
        "format32": bytes([0, 0]) + bytes([1, 0, 0, 0, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0xFF, 0xFF]),
        "slice-partial": bytes([0, 3]) + bytes([9, 9, 9, 2, 0, 0, 0, 7]),
        "format8": bytes([1, 0]) + b"abcd",
    }


def target_reads():
    # budget byte (0 none, 1 one byte, 2 16, 3 100, 4 1 MiB); events: 0 notified(refused?, nil?, property),
    # 1 chunk(nil?, property), 2 replyTooLarge(2 bytes), 3 timeout. property: type (0 INCR, 1, 2), format
    # (0 8, 1 32, 2 16), length, bytes.
    def prop(kind, fmt, data):
        return bytes([kind, fmt, len(data)]) + data

    notify = lambda p: bytes([0, 1, 1]) + p
    chunk = lambda p: bytes([1, 1]) + p
    incr = notify(prop(0, 1, struct.pack("<I", 12)))
    return {
        "one-shot": bytes([4]) + notify(prop(1, 0, b"hello")),
        "incr": bytes([4]) + incr + chunk(prop(1, 0, b"abcd")) + chunk(prop(1, 0, b"efgh")) + chunk(prop(2, 0, b"")),
        "incr-over-budget": bytes([2]) + incr + chunk(prop(1, 0, b"0123456789")) + chunk(prop(1, 0, b"0123456789")),
        "incr-type-change": bytes([4]) + incr + chunk(prop(1, 0, b"ab")) + chunk(prop(2, 0, b"cd")),
        "refused": bytes([4, 0, 0, 1]) + prop(1, 0, b""),
        "announced-too-large": bytes([1]) + notify(prop(0, 1, struct.pack("<I", 1000))),
        "reply-too-large-then-timeout": bytes([3, 2, 0xFF, 0x7F, 3]),
        "incr-timeout": bytes([4]) + incr + chunk(prop(1, 0, b"xy")) + bytes([3]) + chunk(prop(1, 0, b"z")),
    }


def selection_fetches():
    # header: budget (0 none, 1 16, 2 100, 3 1 MiB), retries (0-2), ring (0 two slots, 1 three, 2 sixteen); then
    # events, each: a clock step byte, then the kind: 0 fetch(count, cap per target, owner known?),
    # 1 notified(ring slot, slot kind 0 refusal 1 foreign 2 ring, target 0-3, selection 0 = another),
    # 2 propertyChanged(ring?, slot), 3 deadline, 4 ownerAnswered(same owner?), 5 cancel. A read the machine asks
    # for is answered at once: 0 missing, 1 oversized(extra), 2 INCR announcement (reply only; 2 bytes of size),
    # else a value (count, non-empty?).
    header = bytes([3, 1, 2])
    fetch_one = bytes([0, 0, 1, 0, 1])
    notify = lambda slot, target=0: bytes([0, 1, slot, 2, target, 1])
    value = lambda count: bytes([4, count, 1])
    chunk_event = bytes([0, 2, 1, 0])
    return {
        "two-targets": header + bytes([0, 0, 2, 0, 0, 1]) + notify(0) + value(5) + notify(1, 1) + value(3),
        "incr": header + fetch_one + notify(0) + bytes([2, 12, 0]) + chunk_event + value(8) + chunk_event + bytes([4, 0, 0]),
        "retry-then-late-reply": header + fetch_one + bytes([0, 3, 0, 4, 1]) + notify(0) + notify(1) + value(5),
        "cancel-then-fetch": bytes([1, 0, 0]) + bytes([0, 0, 3, 1, 2, 0, 0]) + notify(0) + bytes([1, 50])
                             + bytes([0, 5]) + fetch_one + notify(1) + notify(0) + value(2),
    }


def incremental_sends():
    # chunk-size byte (0 1, 1 7, 2 256, 3 256 KiB); events: requestor (0-2), property (0-1), op: 0 begin(count
    # 2 bytes, type), 1/2 delete, 3 cancel, 4 cancelAll(requestor).
    def ev(req, prop, op, extra=b""):
        return bytes([req, prop, op]) + extra

    begin = lambda req, prop, count: ev(req, prop, 0, struct.pack("<H", count) + b"\x01")
    deletes = lambda req, prop, n: b"".join(ev(req, prop, 1) for _ in range(n))
    return {
        "one-transfer": bytes([1]) + begin(0, 0, 20) + deletes(0, 0, 5),
        "interleaved": bytes([1]) + begin(0, 0, 15) + begin(1, 1, 9) + deletes(0, 0, 1) + deletes(1, 1, 2)
                       + deletes(0, 0, 3) + deletes(1, 1, 1),
        "replaced-and-cancelled": bytes([2]) + begin(0, 0, 600) + deletes(0, 0, 1) + begin(0, 0, 300) + deletes(0, 0, 2)
                                  + ev(0, 0, 3) + deletes(0, 0, 1),
        "cancel-all": bytes([1]) + begin(2, 0, 10) + begin(2, 1, 10) + ev(2, 0, 4) + deletes(2, 1, 1),
        "empty-data": bytes([0]) + begin(0, 1, 0) + deletes(0, 1, 2),
    }


def xdnd_targets():
    # events: source (0-2), op: 0 enter(version, type mask), 1 position(x 2 bytes, y 2 bytes), 2 leave, 3 drop(time
    # 2 bytes), 4 fetchEnded(success), 5 sourceVanished. Type mask bits: image/png, text/plain, unknown, uri-list,
    # password hint, x-moz-url.
    enter = lambda s, v, mask: bytes([s, 0, v, mask])
    pos = lambda s: bytes([s, 1, 100, 0, 200, 0])
    drop = lambda s: bytes([s, 3, 5, 0])
    ended = lambda ok: bytes([0, 4, ok])
    return {
        "drop-png": enter(0, 5, 0b1) + pos(0) + pos(0) + drop(0) + ended(1),
        "drop-refused": enter(1, 5, 0b100) + pos(1) + drop(1),
        "password": enter(0, 5, 0b10011) + pos(0) + drop(0),
        "leave": enter(0, 4, 0b10) + pos(0) + bytes([0, 2]) + pos(0),
        "enter-while-loading": enter(0, 5, 0b1) + pos(0) + drop(0) + enter(1, 5, 0b1000) + pos(1) + drop(1) + ended(0),
        "vanished": enter(2, 3, 0b1) + pos(2) + drop(2) + bytes([2, 5]) + ended(1),
        "second-drop": enter(0, 5, 0b1) + pos(0) + drop(0) + drop(0) + pos(0) + ended(1),
        "old-version-and-nil-types": enter(0, 2, 0b1) + enter(1, 5, 0) + pos(1) + drop(1),
    }


def xdnd_sources():
    # events: op: 0 motion(x, y, time 2 bytes each, target 0 none / 1 w10 v5 / 2 w11 v3 / 3 w12 proxy v4),
    # 1 status(window 10+n, accept), 2 finished(window, success), 3 release(time), 4 escape, 5 abandon,
    # 6 timer(0 repeatPosition, 1 statusWait, 2 finishedWait).
    motion = lambda t, x=10: bytes([0, x, 0, 20, 0, 1, 0, t])
    status = lambda w, ok: bytes([1, w, ok])
    finished = lambda w, ok: bytes([2, w, ok])
    release = bytes([3, 9, 0])
    return {
        "drop": motion(1) + status(0, 1) + release + finished(0, 1),
        "release-awaiting-status": motion(1) + release + status(0, 1) + finished(0, 1),
        "refused": motion(2) + status(1, 0) + release,
        "moves-between-targets": motion(1) + motion(1, 30) + status(0, 1) + motion(3) + status(2, 1) + motion(0)
                                 + motion(2) + bytes([6, 0]) + status(1, 1) + release + finished(1, 0),
        "escape": motion(3) + bytes([4]) + motion(1),
        "status-timeout": motion(1) + release + bytes([6, 1]),
        "finished-timeout-and-abandon": motion(1) + status(0, 1) + release + bytes([5]) + bytes([6, 2]),
        "stranger-status": motion(1) + status(3, 1) + status(0, 0) + release,
    }


def settles():
    # events: 0 changed, 1 ownerGone, 2 timer(held).
    return {
        "settles": bytes([0, 2, 0]),
        "held-then-read": bytes([0, 0, 2, 1, 2, 1, 2, 0, 2, 0]),
        "owner-gone": bytes([0, 1, 2, 0, 1]),
    }


def wayland_offers():
    # limits byte: bits 0-1 maxTypes (4, 1, 1024, 0), bits 2-3 maxTypeBytes (8, 255, 1, 0), bit 4 primary not
    # reported; events (the first byte modulo 8): 0/1 introduce a new offer; 2/3 offered(last? else a pick byte,
    # type byte: below 0x80 one of six names, else a name of its low nibble's length in bytes, 0xFF 300 bytes);
    # 4/5 selected(which: 0 none, 1 a pick byte, 2 never introduced, else the last; clipboard?); 6 hold(0 never
    # introduced, else a pick byte follows); 7 release (modulo 8: 0 finished instead; then 0 a release of an offer
    # nobody holds, by pick byte, else one held, by index byte). A pick byte n picks the nth offer from the last.
    intro = bytes([0])
    offer = lambda name: bytes([2, 1, name])
    select = lambda clipboard=1: bytes([4, 3, clipboard])
    hold_last = bytes([6, 1, 0])
    release = bytes([7, 1, 1, 0])
    finish = bytes([7, 0])
    return {
        "copies": bytes([0]) + intro + offer(0) + offer(1) + select() + intro + offer(3) + select() + intro + select(),
        "held-while-replaced": bytes([0]) + intro + offer(0) + select() + hold_last + hold_last + intro + select()
                               + release + release,
        "too-many-types": bytes([1]) + intro + offer(0) + offer(1) + offer(2) + offer(0) + select(),
        "long-names": bytes([0]) + intro + offer(0x8F) + b"text/plain;char" + offer(0xFF) + b"x" * 300
                      + offer(0x83) + b"\xff\xfe\x00" + select(),
        "primary-and-clear": bytes([0x10]) + intro + offer(0) + select(0) + intro + select() + bytes([4, 0, 1, 4, 0, 0]),
        "finished-with-holds": bytes([0]) + intro + select() + hold_last + intro + hold_last + finish + intro + hold_last
                               + release + release,
        "stale-and-unknown": bytes([2]) + intro + offer(0) + intro + bytes([2, 0, 1, 1]) + bytes([4, 2, 1])
                             + bytes([4, 1, 1, 1]) + select() + bytes([6, 0, 7, 3, 0])
    }


def wayland_fetches():
    # limits byte: bits 0-2 budget (300000, 0, 1, 100, 65536, 70000, 64 MiB, Int.max), bits 3-4 timeout (5, 0.5,
    # 1e-9, 30 s); events: a clock step byte (0, 1 ns, 1 ms, 0.5, 1, 2, 4.999999999 or 5 s), then the kind (modulo
    # 12): 0 fetch when idle (count, then a cap index per type: max, 0, 1, 100, 65535, 65536, 65537, 200000),
    # 0-4 a piece (2 bytes of size, then 0 the allowance, 1 one byte, 2 one less than the allowance, 3 the size),
    # 5 end of file, 6 read failed (errno index), 7 receive failed (odd: the offer gone), 8/9 the timer (odd: at the
    # time it was armed for), 10 cancel (when the next byte is a multiple of 4).
    fetch = lambda *caps: bytes([0, 0, len(caps)] + list(caps))
    piece = lambda choice=0, size=0, step=0: bytes([step, 1]) + struct.pack("<H", size) + bytes([choice])
    eof = bytes([0, 5])
    return {
        "two-types": bytes([0]) + fetch(0, 0) + piece() + eof + piece(1) + piece(3, 500) + eof,
        "too-large": bytes([3]) + fetch(3, 0) + piece(3, 50) + piece(0) + piece(1) + eof,
        "silence": bytes([0]) + fetch(0, 0) + piece(1, step=4) + bytes([5, 8, 0, 0, 8, 1]) + piece(1) + eof,
        "grows": bytes([6]) + fetch(0) + piece() * 6 + eof,
        "failures": bytes([0]) + fetch(0, 5, 6, 7) + bytes([0, 6, 0, 0, 7, 0]) + piece(1) + eof + bytes([0, 7, 1]),
        "cancel-then-fetch": bytes([4]) + fetch(0, 0) + piece(2) + bytes([0, 10, 0]) + fetch() + fetch(1) + piece(0) + eof,
        "budget-across-types": bytes([5]) + fetch(0, 0, 0) + piece() + eof + piece() + piece(0) + eof + eof,
    }


def wayland_sends():
    # limits byte: bits 0-1 stall timeout (5, 0.5, 1e-9, 30 s), bits 2-3 maxSends (3, 16, 1, 0), bits 4-5 bytes per
    # wake-up (1 MiB, 1, 7, 4096); events: a clock step byte (0, 1 ns, 1 ms, 0.5, 1, 3, 4.999999999 or 5 s), then
    # the kind (modulo 8): 0/1 a send request (type: a empty, b 3000 bytes, c 5 MB, d not offered), 2-4 a write
    # (send index, 2 bytes of count, then 0 the whole piece, 1 nothing, 2 one byte, 3 the count), 5 a write failure
    # (send index), 6 the timer (odd: at the time it was armed for), 7 every send cancelled (next byte a multiple of 4).
    request = lambda kind, step=0: bytes([step, 0, kind])
    write = lambda index=0, choice=0, count=0, step=0: bytes([step, 2, index]) + struct.pack("<H", count) + bytes([choice])
    return {
        "small": bytes([0]) + request(1) + write(),
        "empty": bytes([0]) + request(0) + write(),
        "large": bytes([0]) + request(2) + write() * 5,
        "stall": bytes([0]) + request(1) + write(0, 3, 1000) + bytes([7, 6, 0]) + request(1) + write(0, 2)
                 + bytes([4, 6, 1]) + bytes([0, 6, 1]),
        "refused": bytes([0x08]) + request(1) + request(1) + request(3) + write(0, 1) + write(),
        "fail-and-cancel": bytes([0]) + request(1) + request(2) + request(0) + bytes([0, 5, 1]) + write(1, 3, 77)
                           + bytes([0, 7, 0]),
        "trickle": bytes([0x21]) + request(1) + write(0, 2) + write(0, 0, step=3) + write(0, 1, step=3)
                   + bytes([7, 6, 1]) + request(1) + request(2),
    }


# --- XSETTINGS ----------------------------------------------------------------------------------------------------

def xsettings_value(settings, serial=1, big_endian=False):
    """An _XSETTINGS_SETTINGS value as a manager writes it: settings are (name, value) with an int, a str or a
    4-tuple colour (red, green, blue, alpha)."""
    e = ">" if big_endian else "<"

    def padded(data):
        return data + b"\0" * (-len(data) % 4)

    out = bytes([1 if big_endian else 0, 0, 0, 0]) + struct.pack(e + "II", serial, len(settings))
    for name, value in settings:
        kind = 0 if isinstance(value, int) else 1 if isinstance(value, str) else 2
        out += bytes([kind, 0]) + struct.pack(e + "H", len(name.encode())) + padded(name.encode()) + struct.pack(e + "I", serial)
        if kind == 0:
            out += struct.pack(e + "i", value)
        elif kind == 1:
            out += struct.pack(e + "I", len(value.encode())) + padded(value.encode())
        else:
            red, green, blue, alpha = value
            out += struct.pack(e + "HHHH", red, blue, green, alpha)
    return out


def xsettings_values():
    """What xsettingsd and gnome-settings-daemon publish, in both byte orders, and broken variants."""
    desktop = [("Net/ThemeName", "Adwaita-dark"), ("Gtk/ApplicationPreferDarkTheme", 1), ("Xft/DPI", 98304),
               ("Gtk/FontName", "Cantarell 11"), ("Gtk/ColorPalette", (0xffff, 0x8000, 0, 0xffff))]
    good = xsettings_value(desktop, serial=7)
    return {
        "desktop-lsb": good,
        "desktop-msb": xsettings_value(desktop, serial=7, big_endian=True),
        "light-theme": xsettings_value([("Net/ThemeName", "Adwaita")]),
        "empty": xsettings_value([]),
        "utf8-string": xsettings_value([("Gtk/FontName", "Noto Sans \u00e9 11")]),
        "truncated": good[:len(good) - 5],
        "count-lies": good[:8] + struct.pack("<I", 1000) + good[12:],
        "unknown-type": good[:12] + b"\x07" + good[13:],
        "bad-byte-order": b"\x02" + good[1:],
    }


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Fuzz", "corpus")
    png_seeds, jpeg_seeds = pngs(), jpegs()
    small_png, small_jpeg = png_seeds["rgba-8x6.png"], jpeg_seeds["baseline-420-16x16.jpg"]
    thumbnails = {f"side{side}-{name}": bytes([side - 1]) + data
                  for side, name, data in [(48, "rgba.png", png_seeds["rgba-8x6.png"]),
                                           (3, "interlaced.png", png_seeds["interlaced-rgba-11x9.png"]),
                                           (1, "palette.png", png_seeds["palette-trns-6x6.png"]),
                                           (16, "large.jpg", jpeg_seeds["large-300x40.jpg"]),
                                           (200, "cmyk.jpg", jpeg_seeds["cmyk-8x8.jpg"]),
                                           (5, "progressive.jpg", jpeg_seeds["progressive-20x20.jpg"])]}
    webp_seeds, gif_seeds, bmp_seeds = webps(), gifs(), bmps()
    thumbnails.update({f"side{side}-{name}": bytes([side - 1]) + data
                       for side, name, data in [(4, "lossless.webp", webp_seeds["lossless-rgba-9x7.webp"]),
                                                (48, "lossy.webp", webp_seeds["lossy-16x16.webp"]),
                                                (3, "interlaced.gif", gif_seeds["interlaced-9x11.gif"]),
                                                (2, "palette.bmp", bmp_seeds["palette-6x4.bmp"]),
                                                (1, "v5.bmp", bmp_seeds["v5-alpha-2x1.bmp"])]})
    harnesses = {
        "text-targets": text_targets(),
        "html": html(),
        "uri-list": uri_lists(small_png, small_jpeg),
        "moz-url": moz_urls(),
        "hero-json": hero_json(small_png),
        "png": png_seeds,
        "jpeg": jpeg_seeds,
        "webp": webp_seeds,
        "gif": gif_seeds,
        "bmp": bmp_seeds,
        "thumbnail": thumbnails,
        "catalog-json": catalogs(),
        "config": configs(),
        "property-value": property_values(),
        "target-read": target_reads(),
        "selection-fetch": selection_fetches(),
        "incremental-sends": incremental_sends(),
        "xdnd-target": xdnd_targets(),
        "xdnd-source": xdnd_sources(),
        "settle": settles(),
        "xsettings": xsettings_values(),
        "wayland-offers": wayland_offers(),
        "wayland-fetch": wayland_fetches(),
        "wayland-sends": wayland_sends(),
    }
    for harness, seeds in harnesses.items():
        directory = os.path.join(corpus, harness)
        os.makedirs(directory, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(directory, "seed-" + name), "wb") as out:
                out.write(data)
    print(f"wrote {sum(len(s) for s in harnesses.values())} seeds for {len(harnesses)} harnesses under {corpus}")


if __name__ == "__main__":
    main()
