#!/usr/bin/env bash
# Regenerates the README's pictures from a real audit: one counterexample
# figure and two ulp maps, cut out of report.html and photographed by
# headless Chromium. Usage: scripts/readme-images.sh [AUDIT_REPORT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
report=${1:-audit-report}/report.html
out=docs/images
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$report" "$work" <<'PY'
import re, sys
html = open(sys.argv[1]).read()
style = re.search(r'<style>.*?</style>', html, re.S).group(0)
figs = re.findall(r'<div class="fig">.*?</div></div>', html, re.S)
def pick(pred):
    return next(f for f in figs if pred(f))
pages = {
  'counterexample': pick(lambda f: 'tutorial-000 · float · segment_hits_disk · tangent' in f),
  'ulpmap-001': pick(lambda f: 'tutorial-001 · double · segments_intersect</h3>' in f),
  'ulpmap-002': pick(lambda f: 'tutorial-002-squared · float · disks_overlap</h3>' in f),
}
for name, fig in pages.items():
    open(f'{sys.argv[2]}/{name}.html', 'w').write(
        '<!doctype html><html><head><meta charset="utf-8">' + style +
        '<style>body{margin:0;padding:0} .fig{margin:0}</style></head><body>' + fig + '</body></html>')
PY
shot() {  # name width height
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile-$1" --hide-scrollbars --window-size="$2,$3" \
    --screenshot="$out/$1.png" "file://$work/$1.html" 2>/dev/null
}
shot counterexample 626 520
shot ulpmap-001 410 460
shot ulpmap-002 410 460
ls -la "$out"
