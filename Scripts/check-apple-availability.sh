#!/usr/bin/env bash
# Type-checks the modules that import nothing but the standard library (NavVizScreenValues,
# the rules NavVizCore shares with the recorder, and NavVizCore) for the
# oldest macOS and iOS Package.swift declares (`platforms:`), on Linux, without a Mac:
#
#     Scripts/check-apple-availability.sh        (make availability; .ci/run runs it)
#
# Why: on Linux the compiler does not check Apple availability (`@available(macOS 15.0, …)`
# means nothing to a Linux target), so a call to a standard-library API newer than the
# declared platforms builds and passes every test here and breaks the build of every app on
# macOS 13 or iOS 16 that depends on navviz. `String(validating:as:)` (macOS 15, iOS 18) went
# unnoticed that way in six places (issue 28).
#
# How: the Linux toolchain ships the standard library as textual interfaces
# (lib/swift/linux/Swift.swiftmodule/*.swiftinterface) that keep the Apple `@available`
# attributes. This script compiles Swift, _Concurrency and _StringProcessing from those
# interfaces for an Apple target (x86_64-apple-macos13.0, x86_64-apple-ios16.0-simulator;
# arm64 on an arm64 host) into a fake SDK, a directory with usr/lib/swift/M.swiftmodule and
# an SDKSettings.json, then runs `swiftc -typecheck -target … -sdk FAKE` on each checked
# module's sources, in the language mode and with the package name SwiftPM gives them. Any
# use of an API newer than the deployment target is then the compiler's ordinary error:
# "'init(validating:as:)' is only available in macOS 15.0 or newer".
#
# What the interfaces need before they compile for an Apple target:
# - the target in their `swift-module-flags:` line;
# - no `@backDeployed(before: …)`: the Linux interfaces give those functions no body, and a
#   back-deployed function needs one. Removing the attribute leaves the function's
#   `@available` (its introduction, which is what a caller is checked against) as it is;
# - in _Concurrency, the `@_implements(…, Failure)` typealiases of the async sequences carry
#   macOS 10.15 where the `Failure` associated type they implement is macOS 15 (on Linux
#   nothing compares them); they are given the associated type's availability, as Apple's
#   SDK has it.
# Synchronization (Mutex, Atomic) is not built: its interface imports Glibc; no checked
# module imports it (the check would then fail with "no such module", not pass).
#
# What it cannot check: modules that import Foundation, Glibc, Darwin, UIKit or a C library,
# which is every module but those two: NavVizRecorder (Foundation: Date, NSLock, FileHandle;
# UIKit), NavVizShutdown (Foundation, POSIX signals and threads), NavVizFiles (Foundation,
# Yams), NavVizRender (Foundation, libgvc, zlib), NavVizArtifacts and navviz (Foundation,
# ArgumentParser). Foundation on Linux is swift-corelibs-foundation, a binary module without
# an interface and without Apple's availability, so there is nothing to rebuild for an Apple
# target. A checked module that starts importing one fails here with "no such module", which
# is meant: NavVizCore is what an iOS app links to build trees, and it imports nothing.
#
# The fake SDKs (35 MB) are kept in .build-availability/sdk/ (AVAILABILITY_CACHE) and rebuilt
# only when the toolchain, the deployment targets or this recipe (RECIPE) change: built side
# by side, 80 s the first time on two cores (150 s on a busy machine), nearly all of it
# compiling Swift.swiftinterface; with them cached the check takes 5 s. Prints its times.
# Exit status 1 when a module does not type-check.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)

SWIFTC=${SWIFTC:-swiftc}
CACHE=${AVAILABILITY_CACHE:-.build-availability}
# Bump when the way the SDKs are made changes, so cached ones are rebuilt.
RECIPE=1
# The modules checked: targets that import only the standard library and depend on no other
# target (each is type-checked alone).
MODULES=(NavVizScreenValues NavVizCore)  # in dependency order: each is built as a module the next imports
# The standard-library modules built into the fake SDK, in dependency order.
STDLIB_MODULES=(Swift _Concurrency _StringProcessing)

log() { echo "check-apple-availability: $*"; }
fail() { echo "check-apple-availability: error: $*" >&2; exit 1; }

# The deployment target Package.swift declares for PLATFORM (macOS, iOS): `.v13` -> 13.0,
# `.v10_15` -> 10.15.
declared() {
    local v
    v=$(grep -o "\.$1(\.v[0-9_]*)" Package.swift | head -n 1 | sed -E 's/.*\.v([0-9_]+)\)/\1/; s/_/./g')
    [ -n "$v" ] || fail "Package.swift declares no .$1 platform"
    [[ "$v" == *.* ]] || v=$v.0
    echo "$v"
}
macos=$(declared macOS)
ios=$(declared iOS)

resource=$("$SWIFTC" -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
host=$("$SWIFTC" -print-target-info | sed -n '/"target"/,/}/ s/.*"triple": "\(.*\)".*/\1/p')
[ -n "$resource" ] && [ -n "$host" ] || fail "$SWIFTC -print-target-info gave no resource path or triple"
case "$host" in
x86_64-*) arch=x86_64 ;;
aarch64-* | arm64-*) arch=arm64 ;;
*) fail "host $host: no Apple counterpart for its architecture" ;;
esac
interfaces=$resource/linux
[ -f "$interfaces/Swift.swiftmodule/$host.swiftinterface" ] ||
    fail "no $interfaces/Swift.swiftmodule/$host.swiftinterface (this check needs a Linux toolchain's interfaces)"

# make_sdk DIR TRIPLE CANONICAL VERSION: the fake SDK for TRIPLE in DIR, unless DIR already
# holds one made from the same toolchain and recipe.
make_sdk() {
    local dir=$1 triple=$2 canonical=$3 version=$4 stamp m src out module_triple
    stamp="recipe $RECIPE; $triple; $("$SWIFTC" --version 2>&1 | head -n 1); $(for m in "${STDLIB_MODULES[@]}"; do cksum <"$interfaces/$m.swiftmodule/$host.swiftinterface"; done | tr '\n' ' ')"
    if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then
        return 0
    fi
    local t0=$(date +%s)
    rm -rf "$dir"
    mkdir -p "$dir/interfaces"
    # A module directory with one file per target, as in Apple's SDKs (a lone M.swiftmodule
    # file made _Concurrency's build crash the compiler).
    module_triple=$("$SWIFTC" -print-target-info -target "$triple" | sed -n 's/.*"moduleTriple": "\(.*\)".*/\1/p')
    for m in "${STDLIB_MODULES[@]}"; do
        mkdir -p "$dir/usr/lib/swift/$m.swiftmodule"
        src=$interfaces/$m.swiftmodule/$host.swiftinterface
        out=$dir/interfaces/$m.swiftinterface
        sed -E -e "/^\/\/ swift-module-flags:/ s/-target [^ ]+/-target $triple/" \
            -e 's/@backDeployed\([^)]*\)//g' "$src" >"$out"
        if [ "$m" = _Concurrency ]; then
            local failure
            failure=$(grep -B1 'associatedtype Failure' "$out" | grep -o '@available([^)]*)' | head -n 1)
            [ -n "$failure" ] || fail "$src: no @available before AsyncIteratorProtocol's Failure"
            FAILURE=$failure perl -0pi -e 's/\@available\([^)\n]*\)(\n\s*\@_implements\(_Concurrency\.Async(?:IteratorProtocol|Sequence), Failure\))/$ENV{FAILURE}$1/g' "$out"
        fi
        # The module name "Swift" is refused without -parse-stdlib on the command line too
        # (its flags line has it, as _Concurrency's has).
        local flags=()
        if [ "$m" = Swift ]; then flags=(-parse-stdlib); fi
        if ! "$SWIFTC" -frontend -compile-module-from-interface -module-name "$m" ${flags[@]+"${flags[@]}"} \
            -target "$triple" -sdk "$dir" "$out" -o "$dir/usr/lib/swift/$m.swiftmodule/$module_triple.swiftmodule" >"$dir/$m.log" 2>&1; then
            grep -E 'error:' "$dir/$m.log" | head -n 20 >&2
            fail "could not build $m for $triple from $src (whole log: $dir/$m.log)"
        fi
    done
    # Without Version and MaximumDeploymentTarget the compiler warns that it cannot read the
    # file, and the driver without VersionMap.
    cat >"$dir/SDKSettings.json" <<EOF
{"CanonicalName": "$canonical", "DisplayName": "$canonical (navviz availability check)", "Version": "$version", "MaximumDeploymentTarget": "$version.99", "VersionMap": {"macOS_iOSMac": {"$macos": "$ios"}, "iOSMac_macOS": {"$ios": "$macos"}}}
EOF
    echo "$stamp" >"$dir/stamp"
    log "built the fake SDK for $triple in $dir in $(($(date +%s) - t0)) s"
}

targets=("$arch-apple-macos$macos" "$arch-apple-ios$ios-simulator")
sdks=("$CACHE/sdk/macosx$macos-$arch" "$CACHE/sdk/iphonesimulator$ios-$arch")
canonical=("macosx$macos" "iphonesimulator$ios")
versions=("$macos" "$ios")

# Both SDKs at once (each is mostly one compiler process).
pids=()
for i in "${!targets[@]}"; do
    make_sdk "${sdks[$i]}" "${targets[$i]}" "${canonical[$i]}" "${versions[$i]}" &
    pids+=($!)
done
built=0
for pid in "${pids[@]}"; do wait "$pid" || built=1; done
[ $built = 0 ] || exit 1
ready=$(date +%s)

status=0
for i in "${!targets[@]}"; do
    for module in "${MODULES[@]}"; do
        files=()
        while IFS= read -r f; do files+=("$f"); done < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
        [ ${#files[@]} -gt 0 ] || fail "Sources/$module has no Swift file"
        # As SwiftPM compiles a target of this package: Swift 6 mode (tools version 6.0),
        # package access (-package-name), SWIFT_PACKAGE.
        # Emitting the module type-checks it and lets the modules after it import it.
        modules="$CACHE/modules/${targets[$i]}"
        mkdir -p "$modules"
        # -O: a debug module would import SwiftOnoneSupport, which the fake SDK has not.
        if "$SWIFTC" -emit-module -emit-module-path "$modules/$module.swiftmodule" -O -wmo -parse-as-library -swift-version 6 \
            -package-name navviz -D SWIFT_PACKAGE -I "$modules" \
            -target "${targets[$i]}" -sdk "${sdks[$i]}" -module-name "$module" "${files[@]}"; then
            log "$module type-checks for ${targets[$i]} (${#files[@]} files)"
        else
            echo "check-apple-availability: $module does NOT type-check for ${targets[$i]}" >&2
            status=1
        fi
    done
done

log "SDKs ready in $((ready - start)) s, checked in $(($(date +%s) - ready)) s$([ $status = 0 ] && echo ": all clean" || echo ": FAILED")"
exit $status
