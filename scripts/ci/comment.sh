#!/usr/bin/env bash
# The pull-request comment: the preview's address (or why there is none) above `benchsite diff`'s Markdown.
# The sticky-comment action adds the hidden marker that finds this comment again on the next push.
# Usage: comment.sh <diff.md> <diff exit code> <preview URL> <build ok: true|false>
set -euo pipefail
[[ $# -eq 4 ]] || { echo "usage: comment.sh <diff.md> <diff exit code> <preview URL> <build ok>" >&2; exit 2; }
diff_md="$1" diff_code="$2" url="$3" built="$4"
if [[ "$built" == true ]]; then
  echo "**Preview:** $url ([what this pull request changes](${url}preview/))"
elif [[ "$diff_code" != 0 ]]; then
  echo "**No preview:** some files do not validate (listed below); the preview is built once they do."
else
  echo "**No preview:** the site build failed; see the workflow run's log."
fi
echo
if [[ -s "$diff_md" ]]; then cat "$diff_md"; else echo "(benchsite diff printed nothing; see the workflow run's log)"; fi
