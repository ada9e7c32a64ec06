package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/tournament/sprtdriver"
)

// testMatch is a fast match whose SPRT (driverTest) accepts H1 at pair 17 of a
// single run; testMatchH0 swaps the players, and the SPRT accepts H0.
var (
	testMatch   = []string{"-p", "a=ab:depth=2", "-p", "b=ab:depth=1", "--games", "200", "--concurrency", "2"}
	testMatchH0 = []string{"-p", "a=ab:depth=1", "-p", "b=ab:depth=2", "--games", "200", "--concurrency", "2"}
	driverTest  = "elo0=0,elo1=50"
)

var (
	singleDecidedRE = regexp.MustCompile(`(?m)^the SPRT decided at pair (\d+):`)
	batchLineRE     = regexp.MustCompile(`(?m)^batch \d+: pairs below \d+: llr `)
	driverDecidedRE = regexp.MustCompile(`(?m)^the SPRT decided at pair (\d+) \((H[01] accepted)\) in batch (\d+): (\d+) pairs played;`)
)

// singleSPRT runs the match with the SPRT on one machine, its report in dir, and
// returns the pair at which it decided (counted from 1, as it prints it).
func singleSPRT(t *testing.T, match []string, dir string) int {
	t.Helper()
	args := append([]string{"tournament"}, match...)
	args = append(args, "--sprt", driverTest, "--out", dir, "--progress", "off")
	code, out, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("colony %q: exit %d, stderr %q", args, code, errOut)
	}
	m := singleDecidedRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the single run did not decide:\n%s", out)
	}
	p, _ := strconv.Atoi(m[1])
	return p
}

// gamesIn counts the games of the games files of dir (their lines but the headers).
func gamesIn(t *testing.T, dir string) int {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "shard-*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		n += bytes.Count(data, []byte("\n")) - 1
	}
	return n
}

// sameFiles fails unless dir holds the same summary.json and standings.csv as want.
func sameFiles(t *testing.T, what, dir, want string) {
	t.Helper()
	for _, name := range []string{"summary.json", "standings.csv"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w, err := os.ReadFile(filepath.Join(want, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, w) {
			t.Errorf("%s: %s differs from the single run's:\n%s\nwant\n%s", what, name, got, w)
		}
	}
}

// TestSprtDriverStopsWhereTheSingleRunStops runs the driver with the local submitter
// for batch sizes below, at and past the single run's deciding pair P, on one task or
// several: it decides at pair P, after batch ⌈P/B⌉, having played exactly the pairs of
// the batches (B·⌈P/B⌉); its report is byte-identical to the single run's.
func TestSprtDriverStopsWhereTheSingleRunStops(t *testing.T) {
	for _, m := range []struct {
		name    string
		match   []string
		single  int
		verdict string
	}{
		{"H1", testMatch, 17, "H1 accepted"},
		{"H0", testMatchH0, 0, "H0 accepted"},
	} {
		singleDir := t.TempDir()
		p := singleSPRT(t, m.match, singleDir)
		if m.single != 0 && p != m.single {
			t.Fatalf("%s: the single run decided at pair %d, want %d (the test's fixture changed)", m.name, p, m.single)
		}
		configs := []struct{ batchPairs, tasks int }{
			{1, 1}, {p, 4}, {p - 1, 2}, {p + 3, 3}, {4, 3}, {5, 2},
		}
		if !longTests { // the batches within the run, several tasks: with the build tag long
			configs = configs[:4]
		}
		for _, tc := range configs {
			name := fmt.Sprintf("%s/B=%d,N=%d", m.name, tc.batchPairs, tc.tasks)
			dir := t.TempDir()
			args := []string{"tournament", "sprt-driver", "--sprt", driverTest, "--batch-pairs", strconv.Itoa(tc.batchPairs),
				"--tasks", strconv.Itoa(tc.tasks), "--out", dir, "--"}
			args = append(args, m.match...)
			code, out, errOut := cli(t, args...)
			if code != 0 {
				t.Fatalf("%s: exit %d, stderr %q", name, code, errOut)
			}
			d := driverDecidedRE.FindStringSubmatch(out)
			if d == nil {
				t.Fatalf("%s: the driver did not decide:\n%s", name, out)
			}
			batches := (p + tc.batchPairs - 1) / tc.batchPairs
			want := []string{strconv.Itoa(p), m.verdict, strconv.Itoa(batches), strconv.Itoa(batches * tc.batchPairs)}
			if !slices.Equal(d[1:], want) {
				t.Errorf("%s: decided at pair %s (%s) in batch %s, %s pairs played; want %q", name, d[1], d[2], d[3], d[4], want)
			}
			if got := len(batchLineRE.FindAllString(out, -1)); got != batches {
				t.Errorf("%s: %d batch lines, want %d:\n%s", name, got, batches, out)
			}
			if got := gamesIn(t, dir); got != 2*batches*tc.batchPairs {
				t.Errorf("%s: the shards' files hold %d games, want %d", name, got, 2*batches*tc.batchPairs)
			}
			sameFiles(t, name, dir, singleDir)
		}
	}
}

// TestSprtDriverContinuesAndEnds runs the driver again on its directory (every batch
// is already played: nothing is submitted, and it decides as before) and on a
// schedule too short to decide.
func TestSprtDriverContinuesAndEnds(t *testing.T) {
	dir := t.TempDir()
	args := append([]string{"tournament", "sprt-driver", "--sprt", driverTest, "--batch-pairs", "5", "--tasks", "2", "--out", dir, "--"}, testMatch...)
	code, first, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	code, again, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("again: exit %d, stderr %q", code, errOut)
	}
	if again != first {
		t.Errorf("again: the output differs:\n%s\nwant\n%s", again, first)
	}
	if got := strings.Count(errOut, "already played"); got != 4 {
		t.Errorf("again: %d batches already played, want 4:\n%s", got, errOut)
	}

	short := t.TempDir()
	args = []string{"tournament", "sprt-driver", "--sprt", driverTest, "--batch-pairs", "4", "--out", short, "--",
		"-p", "a=ab:depth=2", "-p", "b=ab:depth=1", "--games", "10"}
	code, out, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("short: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"batch 1: pairs below 4: ", "batch 2: pairs below 5: ", "the SPRT did not decide in the 5 pairs of the schedule\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("short: the output lacks %q:\n%s", want, out)
		}
	}
	if got := gamesIn(t, short); got != 10 {
		t.Errorf("short: %d games played, want 10", got)
	}
}

// TestSprtDriverErrors checks the driver's refusals of bad input: exit 2, with the
// flag at fault named, and no game played.
func TestSprtDriverErrors(t *testing.T) {
	base := []string{"tournament", "sprt-driver", "--sprt", driverTest, "--out"}
	match := []string{"--", "-p", "a=ab:depth=1", "-p", "b=ab:depth=1"}
	for _, tc := range []struct {
		name string
		args []string // after --out DIR
		want string
	}{
		{"no match", nil, "give the match's flags after --"},
		{"match before --", []string{"-p"}, "unknown shorthand flag: 'p' in -p"},
		{"no --sprt", append([]string{"--sprt="}, match...), "--sprt is required"},
		{"bad --sprt", append([]string{"--sprt", "elo0=5,elo1=0"}, match...), "--sprt: "},
		{"batch 0", append([]string{"--batch-pairs", "0"}, match...), "--batch-pairs must be at least 1, got 0"},
		{"tasks 0", append([]string{"--tasks", "0"}, match...), "--tasks must be at least 1, got 0"},
		{"poll 0", append([]string{"--poll", "0s"}, match...), "--poll must be positive"},
		{"submitter", append([]string{"--submitter", "pbs"}, match...), `--submitter "pbs": want local, slurm or kubernetes`},
		{"slurm without script", append([]string{"--submitter", "slurm"}, match...), "needs the job script"},
		{"slurm script missing", append([]string{"--submitter", "slurm", "--script", "no-such.sbatch"}, match...), "not a readable file"},
		{"script for local", append([]string{"--script", "x.sbatch"}, match...), "--script is not for --submitter local"},
		{"shard in the match", append(slices.Clone(match), "--shard", "1/2"), "cannot set --shard"},
		{"sprt in the match", append(slices.Clone(match), "--sprt", driverTest), "cannot set --sprt"},
		{"out in the match", append(slices.Clone(match), "--out", "x"), "cannot set --out"},
		{"unknown match flag", append(slices.Clone(match), "--bogus"), "unknown flag: --bogus"},
		{"match argument", append(slices.Clone(match), "extra"), `unexpected argument "extra"`},
		{"three players", append(slices.Clone(match), "-p", "c=random"), "an SPRT needs a match of two players, got 3"},
		{"odd games", append(slices.Clone(match), "--games", "3"), "games: 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := append(append(slices.Clone(base), dir), tc.args...)
			code, _, errOut := cli(t, args...)
			if code != exitUsage || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, exitUsage, tc.want)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("the driver made %s (err %v)", dir, err)
			}
		})
	}
}

// TestSprtDriverSlurmSubmitter runs the driver with the Slurm submitter against
// stand-ins of sbatch and squeue that run the repository's job script as the tasks of
// the array, with only the environment Slurm gives them (as under --export=NONE): the
// driver decides where the single run does, and sbatch got the array, the job script
// runDriverInBatchesOf6 runs the sprt-driver command line args (batches of 6 pairs)
// and checks that it decides H1 at pair p, the single run's, after the batches that
// reach it; it returns their number.
func runDriverInBatchesOf6(t *testing.T, args []string, p int) int {
	t.Helper()
	code, out, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	d := driverDecidedRE.FindStringSubmatch(out)
	batches := (p + 5) / 6
	want := []string{strconv.Itoa(p), "H1 accepted", strconv.Itoa(batches), strconv.Itoa(6 * batches)}
	if d == nil || !slices.Equal(d[1:], want) {
		t.Fatalf("the driver's decision %q, want %q:\n%s", d, want, out)
	}
	return batches
}

// and the results directory; the match file holds the last batch's match.
func TestSprtDriverSlurmSubmitter(t *testing.T) {
	bin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "sbatch-calls")
	fakeSbatch := `#!/bin/sh
# A stand-in of sbatch --parsable --array=1-N ... SCRIPT DIR: runs the array's tasks
# one after another, as Slurm would run them under --export=NONE, and prints a job id.
set -eu
echo "$*" >>"` + calls + `"
n="" dir=""
for a in "$@"; do
	case $a in --array=1-*) n=${a#--array=1-} ;; esac
	script=$dir
	dir=$a
done
k=1
while [ "$k" -le "$n" ]; do
	env -i COLONY_TEST_MAIN=1 SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=$n SLURM_CPUS_PER_TASK=1 \
		/bin/sh "$script" "$dir" >>"$dir/task-$k.log" 2>&1 || true
	k=$((k + 1))
done
echo 4242
`
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), []byte(fakeSbatch), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "squeue"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	singleDir := t.TempDir()
	p := singleSPRT(t, testMatch, singleDir)
	dir := t.TempDir()
	script := filepath.Join("..", "..", "deploy", "slurm", "match.sbatch")
	args := append([]string{"tournament", "sprt-driver", "--sprt", driverTest, "--batch-pairs", "6", "--tasks", "3",
		"--out", dir, "--submitter", "slurm", "--script", script, "--poll", "1ms", "--sbatch-arg=--cpus-per-task=1", "--"}, testMatch...)
	batches := runDriverInBatchesOf6(t, args, p)
	sameFiles(t, "slurm", dir, singleDir)

	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != batches {
		t.Fatalf("sbatch was called %d times, want %d:\n%s", len(lines), batches, data)
	}
	absScript, _ := filepath.Abs(script)
	for i, line := range lines {
		b := i + 1
		want := fmt.Sprintf("--parsable --array=1-3 --job-name=colony-sprt-%d --output=%s --cpus-per-task=1 %s %s",
			b, filepath.Join(dir, "slurm-%A_%a.out"), absScript, dir)
		if line != want {
			t.Errorf("sbatch call %d:\n%s\nwant\n%s", b, line, want)
		}
	}
	m, err := sprtdriver.ReadMatchFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	self, _ := os.Executable()
	wantArgs := append(slices.Clone(testMatch), "--until-pair", strconv.Itoa(6*batches))
	if m.Colony != self || m.Shards != 3 || !slices.Equal(m.Args, wantArgs) {
		t.Errorf("the match file: %+v, want colony %s, 3 shards, args %q", m, self, wantArgs)
	}
	job, err := os.ReadFile(filepath.Join(dir, sprtdriver.JobFileName))
	if want := fmt.Sprintf("slurm 4242 %d\n", batches); err != nil || string(job) != want {
		t.Errorf("the job file %q (%v), want %q", job, err, want)
	}
}

// TestSprtDriverRefusesBesideARunningJob starts the driver on a directory whose
// recorded job (of a driver killed before it ended) squeue says is still running:
// it exits with status 2, naming the job and how to cancel it, and submits nothing.
func TestSprtDriverRefusesBesideARunningJob(t *testing.T) {
	bin := t.TempDir()
	for name, script := range map[string]string{
		"squeue": "#!/bin/sh\necho RUNNING\n",
		"sbatch": "#!/bin/sh\necho submitted >>\"$0.calls\"\necho 99\n",
	} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, sprtdriver.JobFileName), []byte("slurm 55 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join("..", "..", "deploy", "slurm", "match.sbatch")
	args := append([]string{"tournament", "sprt-driver", "--sprt", driverTest, "--out", dir, "--submitter", "slurm",
		"--script", script, "--poll", "1ms", "--"}, testMatch...)
	code, _, errOut := cli(t, args...)
	want := "sprt-driver: slurm job 55 (batch 3 of an earlier run for " + dir +
		") is still running: wait until it ends, or cancel it (scancel 55), then run again"
	if code != exitUsage || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, exitUsage, want)
	}
	if _, err := os.Stat(filepath.Join(bin, "sbatch.calls")); !os.IsNotExist(err) {
		t.Errorf("the driver submitted a job (%v)", err)
	}
}

// TestSprtDriverKubernetesSubmitter runs the driver with the Kubernetes submitter
// against a stand-in of kubectl that plays each created Job as the cluster would:
// its command (the image's job script, here the repository's) once per completion
// index, with only the environment the Job gives. The driver decides where the
// single run does, and each Job was created with the batch's tasks.
func TestSprtDriverKubernetesSubmitter(t *testing.T) {
	bin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "kubectl-calls")
	script, err := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "match.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	fakeKubectl := `#!/bin/sh
# A stand-in of kubectl: create runs the Job's pods one after another (the job
# script for each completion index) and names the Job; get says it is complete.
set -eu
echo "$*" >>"` + calls + `"
case " $* " in
*" create "*)
	job=$(cat)
	n=$(echo "$job" | sed -n 's/^ *"completions": \([0-9]*\),$/\1/p')
	dir=$(echo "$job" | sed -n '/"\/usr\/local\/bin\/colony-task",$/{n;s/^ *"\(.*\)"$/\1/p;}')
	i=0
	while [ "$i" -lt "$n" ]; do
		env -i COLONY_TEST_MAIN=1 JOB_COMPLETION_INDEX=$i COLONY_CONCURRENCY=1 COLONY_TASK_LOG=1 \
			/bin/sh "` + script + `" "$dir" || true
		i=$((i + 1))
	done
	echo "job.batch/colony-sprt-$n-abcde"
	;;
*" get "*) printf ' SuccessCriteriaMet=True Complete=True' ;;
esac
`
	if err := os.WriteFile(filepath.Join(bin, "kubectl"), []byte(fakeKubectl), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	singleDir := t.TempDir()
	p := singleSPRT(t, testMatch, singleDir)
	dir := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"tournament", "sprt-driver", "--sprt", driverTest, "--batch-pairs", "6", "--tasks", "3",
		"--out", dir, "--submitter", "kubernetes", "--kubernetes", "image=colony:test,claim=colony-results,namespace=games",
		"--colony", self, "--poll", "1ms", "--"}, testMatch...)
	batches := runDriverInBatchesOf6(t, args, p)
	sameFiles(t, "kubernetes", dir, singleDir)
	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	creates := strings.Count(string(data), "--namespace games create -f - -o name\n")
	gets := strings.Count(string(data), "--namespace games get job colony-sprt-3-abcde -o jsonpath=")
	// A get polls each batch's Job, and one before each batch but the first asks
	// whether the job recorded (the previous batch's) has ended.
	if creates != batches || gets != 2*batches-1 {
		t.Errorf("kubectl: %d creates and %d gets of the Jobs, want %d and %d:\n%s", creates, gets, batches, 2*batches-1, data)
	}
	for k := 1; k <= 3; k++ {
		if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("shard-%d.log", k))); err != nil {
			t.Errorf("the log of shard %d: %v", k, err)
		}
	}
}
