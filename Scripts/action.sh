#!/usr/bin/env bash
# The shell steps of navviz's GitHub Action (action.yml), one subcommand per step, so that the
# test suite runs them on any machine with a fake GITHUB_OUTPUT and GITHUB_STEP_SUMMARY:
#
#   action.sh deps    install Graphviz's libgvc, libgd, zlib (and on Linux fonts) where
#                     pkg-config cannot find them (make deps): with Homebrew on macOS runners,
#                     apt-get on Ubuntu runners (RUNNER_OS, else uname)
#   action.sh key     the build cache's key and path -> GITHUB_OUTPUT: key, restore-key, path
#   action.sh build   swift build -c release navviz -> GITHUB_OUTPUT: navviz (the binary)
#   action.sh run     navviz check or animate       -> GITHUB_OUTPUT: status, output, report
#
# `run` reads its inputs from the environment (never from the script's text, so an input
# cannot inject shell code):
#   NAVVIZ           the navviz binary (build's output)
#   NAVVIZ_COMMAND   check or animate
#   NAVVIZ_FILES     paths or glob patterns (Nav/*.json, Nav/**/*.yaml), separated by
#                    spaces or newlines; each pattern must match at least one file
#   NAVVIZ_EXPECT    check: the expectation file, or a directory of NAME.expected.json
#   NAVVIZ_ARGS      more navviz options, separated by spaces (no quoting)
#   NAVVIZ_OUTPUT    the folder for reports and animations (default navviz-out)
#   NAVVIZ_SUMMARY   true (default) appends to $GITHUB_STEP_SUMMARY when it is set
#   NAVVIZ_ARTIFACT  the artifact's name, mentioned in the summary when set
# check writes OUTPUT/navviz-check.xml (JUnit) and OUTPUT/navviz-check.json; animate writes
# OUTPUT/NAME/ for each document (NAME: its file name without the extension). The step
# exits with navviz's status (the first failing one for animate), after writing outputs.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift="${NAVVIZ_SWIFT:-swift}"

# Appends NAME=VALUE to $GITHUB_OUTPUT (nowhere when it is not set).
output() {
    case "$2" in *$'\n'*) echo "action.sh: error: output $1 holds a line break" >&2; exit 70 ;; esac
    if [ -n "${GITHUB_OUTPUT:-}" ]; then printf '%s=%s\n' "$1" "$2" >> "$GITHUB_OUTPUT"; fi
}

# An error as navviz prints it, and as an annotation on GitHub Actions.
fail() {
    local status="$1"; shift
    echo "navviz action: error: $*" >&2
    if [ "${GITHUB_ACTIONS:-}" = true ]; then
        local message="$*"
        message="${message//%/%25}"
        echo "::error title=navviz action::${message}" >&2
    fi
    exit "$status"
}

# The runner's system as make deps names it: Darwin (macOS runners) or Linux.
system() {
    case "${RUNNER_OS:-}" in
        macOS) echo Darwin ;;
        Linux) echo Linux ;;
        *) uname -s ;;
    esac
}

deps() {
    make -C "$root" --no-print-directory deps DEPS_OS="$(system)"
}

# SHA-256 of standard input, or of the files named: sha256sum (Linux), shasum (macOS has no
# sha256sum).
sha256() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}

key() {
    command -v "$swift" >/dev/null 2>&1 || fail 69 "Swift is not installed: add a step that installs it (for example swift-actions/setup-swift) before navviz"
    local toolchain sources
    toolchain="$("$swift" --version 2>/dev/null | sha256 | cut -c1-12)"
    sources="$(cd "$root" && find Package.swift Sources -type f -print0 | LC_ALL=C sort -z | while IFS= read -r -d '' f; do sha256 "$f"; done | sha256 | cut -c1-16)"
    output restore-key "navviz-build-$(uname -s)-$(uname -m)-${toolchain}-"
    output key "navviz-build-$(uname -s)-$(uname -m)-${toolchain}-${sources}"
    # An absolute path, computed here: actions/cache's post step evaluates a composite
    # action's expressions without its context (actions/cache issues 803 and 1359), so the
    # action restores and saves in steps of its own, with this path.
    output path "$root/.build"
}

build() {
    command -v "$swift" >/dev/null 2>&1 || fail 69 "Swift is not installed: add a step that installs it (for example swift-actions/setup-swift) before navviz"
    "$swift" build -c release --product navviz --package-path "$root"
    local bin
    bin="$("$swift" build -c release --show-bin-path --package-path "$root")"
    [ -x "$bin/navviz" ] || fail 70 "the build did not produce $bin/navviz"
    output navviz "$bin/navviz"
}

run() {
    local navviz="${NAVVIZ:-}" command="${NAVVIZ_COMMAND:-check}" out="${NAVVIZ_OUTPUT:-navviz-out}"
    [ -n "$navviz" ] && [ -x "$navviz" ] || fail 64 "NAVVIZ must name the navviz binary (the build step's output)"
    case "$command" in check|animate) ;; *) fail 64 "command must be check or animate, not '$command'" ;; esac

    local -a patterns files extra matches
    read -r -d '' -a patterns <<< "${NAVVIZ_FILES:-}" || true
    [ "${#patterns[@]}" -gt 0 ] || fail 64 "files: name at least one document or pattern"
    shopt -s nullglob globstar
    files=()
    for pattern in "${patterns[@]}"; do
        # shellcheck disable=SC2206 # the pattern is expanded on purpose
        matches=($pattern)
        [ "${#matches[@]}" -gt 0 ] || fail 66 "no file matches '$pattern'"
        files+=("${matches[@]}")
    done
    shopt -u nullglob
    read -r -d '' -a extra <<< "${NAVVIZ_ARGS:-}" || true

    mkdir -p "$out"
    out="$(cd "$out" && pwd)"
    output output "$out"
    local -a summary=()
    if [ "${NAVVIZ_SUMMARY:-true}" = true ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        summary=(--step-summary "$GITHUB_STEP_SUMMARY")
    fi

    local status=0
    if [ "$command" = check ]; then
        [ -n "${NAVVIZ_EXPECT:-}" ] || fail 64 "check needs expect: the expectation file or directory"
        output report "$out/navviz-check.xml"
        "$navviz" check "${files[@]}" --expect "$NAVVIZ_EXPECT" \
            --report "junit:$out/navviz-check.xml" --report "json:$out/navviz-check.json" \
            "${summary[@]}" "${extra[@]}" || status=$?
    else
        local -A used=()
        for file in "${files[@]}"; do
            local name
            name="$(basename "$file")"
            name="${name%.*}"
            [ -z "${used[$name]:-}" ] || fail 64 "'${used[$name]}' and '$file' would both animate into $out/$name"
            used[$name]="$file"
            local one=0
            "$navviz" animate "$file" -o "$out/$name" "${summary[@]}" "${extra[@]}" || one=$?
            [ "$status" -ne 0 ] || status=$one
        done
    fi

    if [ "${#summary[@]}" -gt 0 ] && [ -n "${NAVVIZ_ARTIFACT:-}" ]; then
        printf '\n*Reports and animations: the artifact `%s` of this run.*\n' "${NAVVIZ_ARTIFACT//[\`*_\[\]<>|]/}" >> "$GITHUB_STEP_SUMMARY"
    fi
    output status "$status"
    return "$status"
}

case "${1:-}" in
    deps|key|build|run) "$1" ;;
    *) echo "usage: action.sh deps|key|build|run" >&2; exit 64 ;;
esac
