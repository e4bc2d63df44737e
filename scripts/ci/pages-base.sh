#!/usr/bin/env bash
# The path the site is served under on GitHub Pages, for BENCHSITE_BASE: `/` for a user or organisation site
# (a repository named <owner>.github.io), else `/<repository>/`; BENCHSITE_PAGES_BASE (set in the workflows,
# for a custom domain: `/`) overrides it. With a pull request number, the preview's path under it: `pr-<n>/`.
# --url prints the whole address: BENCHSITE_PAGES_ORIGIN (set in the workflows, e.g. https://bench.example.org
# for a custom domain) or https://<owner>.github.io, then the path.
# Usage: pages-base.sh [--url] [<pr-number>]   (reads GITHUB_REPOSITORY=<owner>/<name>)
set -euo pipefail
url=false
if [[ "${1:-}" == --url ]]; then url=true; shift; fi
repo="${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set (owner/name)}"
owner="${repo%%/*}"
name="${repo#*/}"
if [[ -n "${BENCHSITE_PAGES_BASE:-}" ]]; then
  base="$BENCHSITE_PAGES_BASE"
elif [[ "${name,,}" == "${owner,,}.github.io" ]]; then
  base=/
else
  base="/$name/"
fi
[[ "$base" == /* ]] || base="/$base"
[[ "$base" == */ ]] || base="$base/"
if [[ $# -gt 0 ]]; then
  [[ "$1" =~ ^[1-9][0-9]{0,8}$ ]] || { echo "pages-base.sh: \"$1\" is not a pull request number" >&2; exit 2; }
  base="${base}pr-$1/"
fi
if [[ "$url" == true ]]; then
  origin="${BENCHSITE_PAGES_ORIGIN:-https://${owner,,}.github.io}"
  base="${origin%/}$base"
fi
printf '%s\n' "$base"
