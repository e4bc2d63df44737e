#!/usr/bin/env bash
# In a checkout of the base branch (trusted code), replace content/ with a pull request's content/ and nothing
# else: the preview is built by the base branch's code from the pull request's data, so no code of the pull
# request runs where the preview is published from.
# The number comes from an artifact of the pull request's own workflow run, which its author controls, so it is
# checked: the pull request's head must be the commit that run was for (<head-sha>, from GitHub's event).
# GitHub's merge of the pull request into its base is used when it is of that head (its content is the base's
# plus the pull request's changes, so runs merged into the base since the branch started are not shown as
# removed); otherwise the head itself.
# content/ of the pull request must be a directory of ordinary files: a symbolic link or submodule is refused
# before anything is written (git stores no hard links).
# Exit codes: 0 done, 3 content/ refused (the pull request must change), 1 anything else (no such pull request,
# or its head moved on: a newer run of the workflow will come).
# Usage: pr-content.sh <pr-number> <head-sha> [<remote>]
set -euo pipefail
die() { echo "pr-content.sh: $*" >&2; exit 1; }
refuse() { echo "pr-content.sh: $*" >&2; exit 3; }
[[ $# -ge 2 ]] || die "usage: pr-content.sh <pr-number> <head-sha> [<remote>]"
number="$1" head_sha="$2" remote="${3:-origin}"
[[ "$number" =~ ^[1-9][0-9]{0,8}$ ]] || die "\"$number\" is not a pull request number"
[[ "$head_sha" =~ ^[0-9a-f]{40}$ ]] || die "\"$head_sha\" is not a commit id"

git fetch --quiet --no-tags "$remote" "+refs/pull/$number/head:refs/benchsite/pr-head" ||
  die "no pull request $number on $remote"
fetched="$(git rev-parse refs/benchsite/pr-head)"
[[ "$fetched" == "$head_sha" ]] ||
  die "pull request $number is at $fetched, not $head_sha (updated since, or another pull request's number)"

commit="$head_sha"
if git fetch --quiet --no-tags "$remote" "+refs/pull/$number/merge:refs/benchsite/pr-merge" 2>/dev/null; then
  if [[ "$(git rev-parse 'refs/benchsite/pr-merge^2' 2>/dev/null)" == "$head_sha" ]]; then
    commit="$(git rev-parse refs/benchsite/pr-merge)"
  fi
fi

[[ "$(git cat-file -t "$commit:content" 2>/dev/null)" == tree ]] || refuse "content/ of $commit is not a directory"
# Mode 120000 is a symbolic link, 160000 a submodule.
bad="$(git ls-tree -r "$commit" -- content | awk '$1 == "120000" || $1 == "160000" { sub(/^[^\t]*\t/, ""); print }' | head -5)"
[[ -z "$bad" ]] || refuse "content/ of $commit holds links or submodules, refused: $(echo "$bad" | tr '\n' ' ')"

rm -rf content
git archive --format=tar "$commit" content | tar -x
echo "content/ from $commit (pull request $number, head $head_sha)"
