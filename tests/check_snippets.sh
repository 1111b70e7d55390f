#!/usr/bin/env bash
# Docs that cannot drift: every ```cpp and ```cmake block in README.md and docs/*.md must be
# preceded by
#   <!-- snippet: path/to/compiled/file name -->
# and be exactly the lines between `// example-begin name` and `// example-end name` of that
# file (`# example-begin name` in CMake files), dedented; a test compiles and runs the file.
# A block preceded by
#   <!-- output: path/to/file -->
# must be that file whole (a program's expected output, which its test compares with what it
# prints). Usage: tests/check_snippets.sh ROOT
set -euo pipefail
root=${1:-$(dirname "$0")/..}
cd "$root"
status=0
region() {  # region FILE NAME: the marked lines, dedented by their common indent
  awk -v name="$2" '
    $0 ~ "(//|#) example-end " name "$" { inside = 0 }
    inside { lines[n++] = $0 }
    $0 ~ "(//|#) example-begin " name "$" { inside = 1 }
    END {
      indent = 1e9
      for (i = 0; i < n; i++) if (lines[i] ~ /[^ ]/) { match(lines[i], /^ */); if (RLENGTH < indent) indent = RLENGTH }
      for (i = 0; i < n; i++) print substr(lines[i], indent + 1)
    }' "$1"
}
checked=0
for md in README.md docs/*.md; do
  # emits, per checked block: "<kind>\t<marker or NONE>\t<line number>", then the block in a temp
  # file; kind is snippet (a cpp or cmake block) or output (any block after an output marker)
  tmp=$(mktemp -d)
  awk -v dir="$tmp" '
    /^<!-- snippet: / { kind = "snippet"; marker = $3 " " $4; next }
    /^<!-- output: / { kind = "output"; marker = $3; next }
    /^```(cpp|cmake)/ || (/^```/ && !inblock && kind == "output") {
      n++; file = dir "/" n; index_file = dir "/index"
      if (kind == "") kind = "snippet"
      print kind "\t" (marker == "" ? "NONE" : marker) "\t" NR >> index_file
      inblock = 1; printf "" > file; next
    }
    inblock && /^```/ { inblock = 0; marker = ""; kind = ""; close(file); next }
    inblock { print >> file; next }
    /^```/ { plain = !plain; kind = ""; marker = ""; next }
    /[^ ]/ && !plain { kind = ""; marker = "" }' "$md"
  if [[ -f $tmp/index ]]; then
    i=0
    while IFS=$'\t' read -r kind marker line; do
      i=$((i + 1))
      if [[ $marker == NONE ]]; then
        echo "$md:$line: a cpp or cmake block without a <!-- snippet: FILE NAME --> marker"; status=1; continue
      fi
      if [[ $kind == output ]]; then
        if [[ ! -f $marker ]] || ! diff -u "$marker" "$tmp/$i" >"$tmp/diff"; then
          echo "$md:$line: the block differs from $marker:"; cat "$tmp/diff" 2>/dev/null; status=1; continue
        fi
        checked=$((checked + 1)); continue
      fi
      read -r file name <<<"$marker"
      if [[ ! -f $file ]] || ! grep -Eq "(//|#) example-begin $name\$" "$file"; then
        echo "$md:$line: $file has no region '$name'"; status=1; continue
      fi
      if ! diff -u <(region "$file" "$name") "$tmp/$i" >"$tmp/diff"; then
        echo "$md:$line: the block differs from $file [$name]:"; cat "$tmp/diff"; status=1; continue
      fi
      checked=$((checked + 1))
    done <"$tmp/index"
  fi
  rm -rf "$tmp"
done
echo "$checked documentation snippets match their compiled sources"
exit $status
