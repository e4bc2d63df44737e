#!/usr/bin/env bash
# The build job of preview.yml, in a checkout of the default branch with `npm ci` done: the pull request's
# content/ (pr-content.sh), `benchsite diff` against the checkout, `benchsite validate`, and the site built under
# the preview's path with /preview/. Writes to <out> (default out/): status (publish or skip), number, built
# (true or false), comment.md, and site/ when built. Nothing of the pull request runs: only its content/ is read.
# Usage: preview.sh <pr-number> <head-sha>   (reads GITHUB_REPOSITORY, and BENCHSITE_PAGES_BASE/ORIGIN if set)
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: preview.sh <pr-number> <head-sha>" >&2; exit 2; }
number="$1" head_sha="$2"
here="$(dirname "$0")"
out="${OUT:-out}"
base="$("$here/pages-base.sh" "$number")"
url="$("$here/pages-base.sh" --url "$number")"
rm -rf "$out"
mkdir -p "$out"
echo "$number" > "$out/number"
echo false > "$out/built"

code=0
"$here/pr-content.sh" "$number" "$head_sha" 2> "$out/content.err" || code=$?
if [[ $code == 3 ]]; then
  # Refused content: say why on the pull request, as an indented code block (no Markdown or HTML from the
  # file names in it).
  {
    echo "**No preview:** the pull request's \`content/\` is refused (docs/security.md):"
    echo
    sed 's/^/    /' "$out/content.err"
  } > "$out/comment.md"
  echo publish > "$out/status"
  exit 0
elif [[ $code != 0 ]]; then
  cat "$out/content.err" >&2
  echo skip > "$out/status"
  exit 0
fi

diff_code=0
npx benchsite diff HEAD --site "$url" --json "$out/preview.json" > "$out/diff.md" || diff_code=$?
built=false
if [[ $diff_code == 0 ]] && npx benchsite validate &&
  BENCHSITE_BASE="$base" BENCHSITE_PREVIEW="$out/preview.json" npm run build; then
  mkdir -p "$out/site"
  cp -rL dist/. "$out/site/"
  built=true
fi
"$here/comment.sh" "$out/diff.md" "$diff_code" "$url" "$built" > "$out/comment.md"
echo "$built" > "$out/built"
echo publish > "$out/status"
