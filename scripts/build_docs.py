#!/usr/bin/env python3
"""Keep the documentation's code in sync with the examples, and render it to HTML.

Every code block in the docs that shows C++ comes from an example that CI compiles.
In a Markdown file (doc/*.md, README.md) a marker line

    <!-- snippet: example/heat1d.cpp#first_integration -->

is followed by a fenced code block that holds the region `first_integration` of
example/heat1d.cpp, the lines between `//[first_integration` and its `//]`
(odeint's quickbook style; regions may nest, marker lines of inner regions are left
out, the common indentation is removed). In CMake files (CMakeLists.txt, *.cmake),
where `//` is no comment, the region lines are `#[name` and `#]`.

    python3 scripts/build_docs.py            re-sync the code blocks, render build-doc/html/
    python3 scripts/build_docs.py --check    only check: non-zero if a block is out of date
                                             or a marker names a missing file or region
    options: --no-html (skip rendering), --strict (a ```cpp block without a marker is
             an error, not a warning), --out DIR (default build-doc/html)

HTML: with Python's `markdown` package when it is installed, else a small built-in
converter (headings, paragraphs, lists, code blocks, tables, links, images, emphasis).
Links to other .md files become links to the .html pages. Standard library only.
"""
import argparse
import html
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "doc")
MARKER = re.compile(r"^\s*<!--\s*snippet:\s*(?P<file>[^#\s]+)#(?P<region>[\w.-]+)\s*-->\s*$")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<lang>[\w+-]*)\s*$")


# ------------------------------------------------------------------------------------
# Snippets
# ------------------------------------------------------------------------------------
def extract_regions(path):
    """All `//[name` ... `//]` regions of a source file (`#[name` ... `#]` in CMake
    files): {name: [lines]}."""
    regions, stack = {}, []
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    cmake = os.path.basename(path) == "CMakeLists.txt" or path.endswith(".cmake")
    opening, closing = (r"^#\[([\w.-]+)\s*$", "#]") if cmake else (r"^//\[([\w.-]+)\s*$", "//]")
    for number, line in enumerate(lines, 1):
        s = line.strip()
        m = re.match(opening, s)
        if m:
            stack.append((m.group(1), []))
            continue
        if s == closing:
            if not stack:
                raise ValueError(f"{path}:{number}: '{closing}' without an open region")
            name, body = stack.pop()
            if name in regions:
                raise ValueError(f"{path}:{number}: region '{name}' defined twice")
            regions[name] = body
            continue
        for _, body in stack:
            body.append(line)
    if stack:
        raise ValueError(f"{path}: region '{stack[-1][0]}' is never closed with '{closing}'")
    return {name: dedent(body) for name, body in regions.items()}


def dedent(lines):
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    indents = [len(l) - len(l.lstrip()) for l in lines if l.strip()]
    cut = min(indents) if indents else 0
    return [l[cut:].rstrip() for l in lines]


def language_of(path):
    return {".cpp": "cpp", ".hpp": "cpp", ".cu": "cpp", ".h": "cpp", ".py": "python",
            ".sh": "sh", ".txt": "cmake", ".cmake": "cmake"}.get(os.path.splitext(path)[1], "")


def sync_file(md_path, cache, problems, warnings):
    """Returns the file's text with every snippet block re-synced."""
    with open(md_path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    rel = os.path.relpath(md_path, ROOT)
    out, i, in_fence = [], 0, None
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if in_fence:
            out.append(line)
            if fence and fence.group("fence").startswith(in_fence) and not fence.group("lang"):
                in_fence = None
            i += 1
            continue
        if fence:
            if fence.group("lang") in ("cpp", "c++", "cxx", "cuda"):
                warnings.append(f"{rel}:{i + 1}: a ```{fence.group('lang')} block without a snippet marker "
                                "(its code is not compiled by CI)")
            in_fence = fence.group("fence")
            out.append(line)
            i += 1
            continue
        m = MARKER.match(line)
        if not m:
            out.append(line)
            i += 1
            continue
        out.append(line)
        src_rel, region = m.group("file"), m.group("region")
        src = os.path.join(ROOT, src_rel)
        where = f"{rel}:{i + 1}"
        i += 1
        # the code block after the marker (blank lines in between are dropped)
        j = i
        while j < len(lines) and not lines[j].strip():
            j += 1
        old_block_end = None
        if j < len(lines) and FENCE.match(lines[j]):
            opening = FENCE.match(lines[j])
            k = j + 1
            while k < len(lines):
                close = FENCE.match(lines[k])
                if close and close.group("fence").startswith(opening.group("fence")) and not close.group("lang"):
                    break
                k += 1
            if k == len(lines):
                problems.append(f"{where}: the code block after the marker is never closed")
                out.extend(lines[i:])
                return "\n".join(out)
            old_block_end = k + 1
        if src not in cache:
            try:
                cache[src] = extract_regions(src) if os.path.isfile(src) else None
            except ValueError as e:
                problems.append(str(e))
                cache[src] = {}
        regions = cache[src]
        if regions is None:
            problems.append(f"{where}: the snippet file {src_rel} does not exist")
            code = None
        elif region not in regions:
            problems.append(f"{where}: {src_rel} has no region '{region}'")
            code = None
        else:
            code = regions[region]
        if code is None:   # keep what is there
            if old_block_end is not None:
                out.extend(lines[i:old_block_end])
                i = old_block_end
            continue
        lang = FENCE.match(lines[j]).group("lang") if old_block_end is not None else language_of(src_rel)
        out.extend(["```" + (lang or language_of(src_rel))] + code + ["```"])
        if old_block_end is None:
            problems.append(f"{where}: no code block after the marker (--check); the sync adds one")
        i = old_block_end if old_block_end is not None else i
    return "\n".join(out)


def markdown_files():
    files = [os.path.join(ROOT, "README.md")]
    files += sorted(os.path.join(DOC, f) for f in os.listdir(DOC) if f.endswith(".md"))
    return [f for f in files if os.path.isfile(f)]


# ------------------------------------------------------------------------------------
# HTML
# ------------------------------------------------------------------------------------
def inline(text):
    """Inline Markdown: code, images, links, bold, italics (escapes the rest)."""
    parts = re.split(r"(`+)(.+?)\1", text)
    out = []
    # re.split with two groups yields [text, ticks, code, text, ticks, code, ...]
    for n in range(0, len(parts), 3):
        t = html.escape(parts[n], quote=False)
        t = re.sub(r"!\[([^\]]*)\]\(([^)\s]+)\)", lambda m: f'<img src="{m.group(2)}" alt="{m.group(1)}">', t)
        t = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', t)
        t = re.sub(r"&lt;(https?://[^\s&]+)&gt;", r'<a href="\1">\1</a>', t)
        t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
        t = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", t)
        t = re.sub(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<em>\1</em>", t)
        out.append(t)
        if n + 2 < len(parts):
            out.append("<code>" + html.escape(parts[n + 2].strip(" ") if parts[n + 2].strip() else parts[n + 2],
                                              quote=False) + "</code>")
    return "".join(out)


def slug(text):
    s = re.sub(r"<[^>]+>", "", text).lower()
    return re.sub(r"[^\w\- ]", "", s).strip().replace(" ", "-")


def simple_markdown(text):
    """A small Markdown converter for the subset the docs use."""
    lines = text.split("\n")
    out, i = [], 0
    list_re = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")

    def is_block_start(l):
        return (not l.strip() or FENCE.match(l) or l.startswith("#") or list_re.match(l)
                or l.lstrip().startswith("|") or l.startswith(">") or l.strip().startswith("<!--")
                or re.match(r"^\s*(---+|\*\*\*+)\s*$", l))

    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.strip().startswith("<!--"):          # comments (snippet markers) pass through
            while "-->" not in lines[i]:
                i += 1
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            code, i = [], i + 1
            while i < len(lines) and not (FENCE.match(lines[i]) and
                                          FENCE.match(lines[i]).group("fence").startswith(fence.group("fence"))):
                code.append(lines[i])
                i += 1
            i += 1
            lang = fence.group("lang")
            cls = f' class="language-{lang}"' if lang else ""
            out.append(f"<pre><code{cls}>" + html.escape("\n".join(code), quote=False) + "</code></pre>")
            continue
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if m:
            level, content = len(m.group(1)), inline(m.group(2))
            out.append(f'<h{level} id="{slug(content)}">{content}</h{level}>')
            i += 1
            continue
        if re.match(r"^\s*(---+|\*\*\*+)\s*$", line):
            out.append("<hr>")
            i += 1
            continue
        if line.startswith("    "):                   # indented code block
            code = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                code.append(lines[i][4:])
                i += 1
            while code and not code[-1].strip():
                code.pop()
            out.append("<pre><code>" + html.escape("\n".join(code), quote=False) + "</code></pre>")
            continue
        if line.lstrip().startswith("|") and i + 1 < len(lines) and re.match(r"^\s*\|?[\s:|-]+\|?\s*$",
                                                                             lines[i + 1]) and "-" in lines[i + 1]:
            def cells(l):
                l = l.strip()
                l = l[1:] if l.startswith("|") else l
                l = l[:-1] if l.endswith("|") else l
                return [c.strip() for c in re.split(r"(?<!\\)\|", l)]
            head = cells(line)
            aligns = []
            for c in cells(lines[i + 1]):
                aligns.append("center" if c.startswith(":") and c.endswith(":") else
                              "right" if c.endswith(":") else "left" if c.startswith(":") else "")
            rows, i = [], i + 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(cells(lines[i]))
                i += 1

            def row(tag, cs):
                tds = []
                for k, c in enumerate(cs):
                    a = aligns[k] if k < len(aligns) and aligns[k] else ""
                    style = f' style="text-align:{a}"' if a else ""
                    tds.append(f"<{tag}{style}>{inline(c)}</{tag}>")
                return "<tr>" + "".join(tds) + "</tr>"
            out.append("<table>\n<thead>" + row("th", head) + "</thead>\n<tbody>\n" +
                       "\n".join(row("td", r) for r in rows) + "\n</tbody>\n</table>")
            continue
        if line.startswith(">"):
            quote = []
            while i < len(lines) and lines[i].startswith(">"):
                quote.append(lines[i][1:].lstrip() if lines[i] != ">" else "")
                i += 1
            out.append("<blockquote>\n" + simple_markdown("\n".join(quote)) + "\n</blockquote>")
            continue
        lm = list_re.match(line)
        if lm:
            base = len(lm.group(1))
            ordered = lm.group(2)[0].isdigit()
            items, i = [], i
            while i < len(lines):
                lm = list_re.match(lines[i])
                if lm and len(lm.group(1)) == base:
                    items.append([lm.group(3)])
                    i += 1
                elif items and lines[i].strip() and (lines[i].startswith(" " * (base + 2)) or
                                                     not is_block_start(lines[i])):
                    items[-1].append(lines[i][base + 2:] if lines[i].startswith(" " * (base + 2))
                                     else lines[i].strip())
                    i += 1
                elif not lines[i].strip() and i + 1 < len(lines) and (
                        lines[i + 1].startswith(" " * (base + 2)) or
                        (list_re.match(lines[i + 1]) and len(list_re.match(lines[i + 1]).group(1)) == base)):
                    items[-1].append("")
                    i += 1
                else:
                    break
            tag = "ol" if ordered else "ul"
            body = []
            for item in items:
                inner = simple_markdown("\n".join(item))
                # a single paragraph in an item is shown without <p>
                m2 = re.fullmatch(r"<p>(.*?)</p>", inner, re.S)
                body.append("<li>" + (m2.group(1) if m2 else inner) + "</li>")
            out.append(f"<{tag}>\n" + "\n".join(body) + f"\n</{tag}>")
            continue
        para = []
        while i < len(lines) and lines[i].strip() and (not para or not is_block_start(lines[i])):
            para.append(lines[i].strip())
            i += 1
        out.append("<p>" + inline("\n".join(para)) + "</p>")
    return "\n".join(out)


def to_html(text):
    try:
        import markdown  # optional
        return markdown.markdown(text, extensions=["tables", "fenced_code", "toc"])
    except ImportError:
        return simple_markdown(text)


STYLE = """body{max-width:60em;margin:2em auto;padding:0 1em;font:16px/1.5 sans-serif;color:#222}
pre{background:#f6f8fa;padding:.8em;overflow:auto;border-radius:4px}code{font-size:90%}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .6em}
img{max-width:100%}nav{font-size:90%;margin-bottom:1em}"""


def render(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    pages = [(os.path.join(ROOT, "README.md"), "readme.html")]
    pages += [(os.path.join(DOC, f), f[:-3] + ".html") for f in sorted(os.listdir(DOC)) if f.endswith(".md")]
    for src, name in pages:
        if not os.path.isfile(src):
            continue
        with open(src, encoding="utf-8") as f:
            text = f.read()
        src_dir = os.path.dirname(src)

        def fix(m):   # .md links -> .html pages; other relative links keep pointing at the tree
            label, target = m.group(1), m.group(2)
            if re.match(r"^[a-z]+:|^#|^/", target):
                return m.group(0)
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(src_dir, path))
            if full.endswith(".md"):
                base = os.path.basename(full)
                new = "readme.html" if full == os.path.join(ROOT, "README.md") else base[:-3] + ".html"
            elif full.startswith(os.path.join(DOC, "images")):
                new = os.path.relpath(full, DOC)
            else:
                new = os.path.relpath(full, out_dir)
            return f"{label}({new}{'#' + anchor if anchor else ''})"
        text = re.sub(r"(!?\[[^\]]*\])\(([^)\s]+)\)", fix, text)
        title = re.search(r"^#\s+(.*)$", text, re.M)
        title = html.escape(title.group(1)) if title else name
        body = to_html(text)
        page = (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
                f"<style>{STYLE}</style>\n</head>\n<body>\n"
                f'<nav><a href="index.html">boost_odeint_tiled documentation</a></nav>\n{body}\n</body>\n</html>\n')
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
            f.write(page)
    images = os.path.join(DOC, "images")
    if os.path.isdir(images):
        shutil.copytree(images, os.path.join(out_dir, "images"), dirs_exist_ok=True)
    return len(pages)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="check only; non-zero if a snippet is out of date")
    ap.add_argument("--strict", action="store_true", help="a ```cpp block without a marker is an error")
    ap.add_argument("--no-html", action="store_true", help="do not render HTML")
    ap.add_argument("--out", default=os.path.join(ROOT, "build-doc", "html"), help="HTML output folder")
    args = ap.parse_args()

    cache, problems, warnings, stale = {}, [], [], []
    for md in markdown_files():
        with open(md, encoding="utf-8") as f:
            old = f.read()
        new = sync_file(md, cache, problems, warnings)
        if new != old:
            stale.append(os.path.relpath(md, ROOT))
            if not args.check:
                with open(md, "w", encoding="utf-8") as f:
                    f.write(new)
    if not args.check:   # "no code block after the marker" is fixed by the sync
        problems = [p for p in problems if "the sync adds one" not in p]
    for w in warnings:
        print(("error: " if args.strict else "warning: ") + w, file=sys.stderr)
    for p in problems:
        print("error: " + p, file=sys.stderr)
    used = sum(len(v) for v in cache.values() if v)
    if args.check:
        for s in stale:
            print(f"error: {s}: code blocks out of date with the examples; run python3 scripts/build_docs.py",
                  file=sys.stderr)
    else:
        for s in stale:
            print(f"updated {s}")
    failed = bool(problems) or (args.check and stale) or (args.strict and warnings)
    print(f"snippets: {len(cache)} source files; {'FAILED' if failed else 'ok'}")
    if failed:
        return 1
    if not args.no_html:
        n = render(args.out)
        print(f"HTML: {n} pages in {os.path.relpath(args.out, ROOT)}/ (open index.html)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
