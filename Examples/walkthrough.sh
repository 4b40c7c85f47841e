#!/usr/bin/env bash
# The README's walkthrough "Two machines, conflicts and the trash": everything below this header
# is the README's block, word for word (scripts/test-scripts compares them). Run it from the
# repository root after `swift build -c release --product synccli`; each `#>` line is what the
# command above it prints, and scripts/walkthrough runs the script and checks every one of them.
set -eu

synccli=$PWD/.build/release/synccli    # built by: swift build -c release --product synccli
demo=$(mktemp -d)                      # the two machines and their container
mkdir -p $demo/container $demo/laptop/docs $demo/desktop/docs
laptop()  { XDG_STATE_HOME=$demo/laptop/state  XDG_CONFIG_HOME=$demo/laptop/config  XDG_DATA_HOME=$demo/laptop/data  SYNCCLI_MACHINE=laptop  $synccli "$@"; }
desktop() { XDG_STATE_HOME=$demo/desktop/state XDG_CONFIG_HOME=$demo/desktop/config XDG_DATA_HOME=$demo/desktop/data SYNCCLI_MACHINE=desktop $synccli "$@"; }

echo "v1" > $demo/laptop/docs/plan.txt
laptop  sync $demo/laptop/docs  --container $demo/container     # copies plan.txt up
#> docs: 1 file copied (3 B), 0 files deleted, 0 conflicts in <...> s (first sync)
#>   the copy is in <...>/container/docs
desktop sync $demo/desktop/docs --container $demo/container     # and down
#> docs: 1 file copied (3 B), 0 files deleted, 0 conflicts in <...> s (first sync)
#>   the copy is in <...>/container/docs
cat $demo/desktop/docs/plan.txt
#> v1

echo "laptop's edit"  > $demo/laptop/docs/plan.txt
echo "desktop's edit" > $demo/desktop/docs/plan.txt
laptop  sync $demo/laptop/docs  --container $demo/container
desktop sync $demo/desktop/docs --container $demo/container     # a conflict: both kept, the newer keeps the name
ls $demo/desktop/docs
#> plan (conflict <date> <time> laptop).txt
#> plan.txt
cat $demo/desktop/docs/plan.txt
#> desktop's edit
laptop  sync $demo/laptop/docs  --container $demo/container     # the laptop gets both
ls $demo/laptop/docs
#> plan (conflict <date> <time> laptop).txt
#> plan.txt

rm $demo/desktop/docs/plan.txt
desktop sync $demo/desktop/docs --container $demo/container     # deleted in the container, into its trash
laptop  sync $demo/laptop/docs  --container $demo/container     # deleted on the laptop too, into its trash
ls $demo/laptop/docs
#> plan (conflict <date> <time> laptop).txt
laptop  trash list $demo/laptop/docs --container $demo/container
laptop  trash restore $demo/laptop/docs plan.txt --container $demo/container
#> restored plan.txt (trashed <...> on the local side) to <...>; it syncs on the next run
cat $demo/laptop/docs/plan.txt
#> desktop's edit
laptop  status      # each pair remembers its container: no --container from here on
#> docs (<...>): 1 change pending; last synced by desktop <...>, laptop <...>
#>   trash: local 2 versions (29 B, oldest <...>), container 2 versions (18 B, oldest <...>); keeps versions for 30 days, and at most 10% of the free space per side; the last copy of a version stays its 30 days whatever the size
laptop  sync        # every pair this machine knows: plan.txt goes up again
#> docs: 1 file copied (15 B), 0 files deleted, 0 conflicts in <...> s
desktop sync        # and comes back down
#> docs: 1 file copied (15 B), 0 files deleted, 0 conflicts in <...> s
cat $demo/desktop/docs/plan.txt
#> desktop's edit
rm -rf $demo
