#!/usr/bin/env bash
# The job-started hook of a benchmark host's self-hosted runner: the runner runs it before every job it is given
# (ACTIONS_RUNNER_HOOK_JOB_STARTED=<absolute path of a copy of this file> in the runner's .env), and a job it
# refuses fails before any of its steps runs. The host holds database passwords, so it accepts only collect.yml
# of one repository, from that repository's default branch, started by hand or on a schedule: a pull request,
# even one whose own workflow file names this runner's labels or group, is refused. GitHub sets the GITHUB_*
# variables it reads, and a workflow cannot set them. docs/publishing.md, "The benchmark runners".
# Settings, in the runner's .env: BENCHSITE_RUNNER_REPOSITORY=<owner>/<repository> (required),
# BENCHSITE_RUNNER_BRANCH (default main), BENCHSITE_RUNNER_WORKFLOW (default .github/workflows/collect.yml).
set -euo pipefail
repo="${BENCHSITE_RUNNER_REPOSITORY:-}"
branch="${BENCHSITE_RUNNER_BRANCH:-main}"
workflow="${BENCHSITE_RUNNER_WORKFLOW:-.github/workflows/collect.yml}"
refuse() {
  echo "runner-job-guard: refused: $* (this runner takes only $repo/$workflow from refs/heads/$branch, started by workflow_dispatch or schedule)" >&2
  exit 1
}
[[ -n "$repo" ]] || { echo "runner-job-guard: set BENCHSITE_RUNNER_REPOSITORY=<owner>/<repository> in the runner's .env" >&2; exit 1; }
[[ "${GITHUB_REPOSITORY:-}" == "$repo" ]] || refuse "a job of repository \"${GITHUB_REPOSITORY:-}\""
[[ "${GITHUB_WORKFLOW_REF:-}" == "$repo/$workflow@refs/heads/$branch" ]] || refuse "workflow \"${GITHUB_WORKFLOW_REF:-}\""
[[ "${GITHUB_REF:-}" == "refs/heads/$branch" ]] || refuse "ref \"${GITHUB_REF:-}\""
case "${GITHUB_EVENT_NAME:-}" in
  workflow_dispatch | schedule) ;;
  *) refuse "event \"${GITHUB_EVENT_NAME:-}\"" ;;
esac
echo "runner-job-guard: $GITHUB_WORKFLOW_REF ($GITHUB_EVENT_NAME) accepted"
