#!/usr/bin/env bash
# Remove a pull request's preview (pr-<n>/) from a checkout of the Pages branch and push, if it is there.
# Usage: remove-preview.sh <pr-number> [<remote> <branch>]   (run in the checkout of the Pages branch)
set -euo pipefail
number="${1:-}" remote="${2:-origin}" branch="${3:-gh-pages}"
[[ "$number" =~ ^[1-9][0-9]{0,8}$ ]] || { echo "remove-preview.sh: \"$number\" is not a pull request number" >&2; exit 2; }
dir="pr-$number"
if [[ -z "$(git ls-files -- "$dir")" ]]; then
  echo "no preview $dir/ to remove"
  exit 0
fi
git rm -r -q -- "$dir"
git -c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
  commit -q -m "Remove the preview of pull request $number"
git push -q "$remote" "HEAD:$branch"
echo "removed $dir/"
