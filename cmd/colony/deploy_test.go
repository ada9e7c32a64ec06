package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/tournament/sprtdriver"
	"go.yaml.in/yaml/v3"
)

// The deployment files of the repository, from this package's directory.
var (
	readmeFile   = filepath.Join("..", "..", "README.md")
	clusterDoc   = filepath.Join("..", "..", "docs", "cluster.md")
	sbatchFile   = filepath.Join("..", "..", "deploy", "slurm", "match.sbatch")
	k8sJobFile   = filepath.Join("..", "..", "deploy", "k8s", "match-job.yaml")
	k8sMergeFile = filepath.Join("..", "..", "deploy", "k8s", "merge-job.yaml")
	defaultMatch = "-p new=ab:depth=5 -p old=ab:depth=4 --games 20000" // docs/cluster.md's
	smallMatch   = "-p a=ab:depth=1 -p b=greedy --games 12"
)

// TestReadmePointsToTheDeployFiles checks that the README and the scale-out document
// (docs/cluster.md, where the README's section on clusters moved) link the job files
// and the end-to-end test instead of holding copies of them.
func TestReadmePointsToTheDeployFiles(t *testing.T) {
	for _, tt := range []struct {
		file, prefix string
	}{
		{readmeFile, ""},
		{clusterDoc, "../"},
	} {
		data, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for _, link := range []string{"deploy/slurm/match.sbatch", "deploy/k8s/match-job.yaml", "scripts/slurm-e2e"} {
			if !strings.Contains(text, "("+tt.prefix+link+")") {
				t.Errorf("%s does not link %s", tt.file, link)
			}
		}
		for _, copied := range []string{"\n#SBATCH ", "kind: Job", "completionMode:"} {
			if strings.Contains(text, copied) {
				t.Errorf("%s holds %q: a copy of a job file (point to the file instead)", tt.file, copied)
			}
		}
	}
}

// colonyEnv returns the environment in which a job file's commands run this test
// binary as colony.
func colonyEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the job files with")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return append(append(os.Environ(), "COLONY_TEST_MAIN=1", "COLONY="+self), extra...)
}

// slurmEnv returns the only environment of a Slurm task under --export=NONE: the
// variables Slurm sets (and this test binary's switch to colony).
func slurmEnv(extra ...string) []string {
	return append([]string{"COLONY_TEST_MAIN=1", "SLURM_CPUS_PER_TASK=1"}, extra...)
}

// wholeRun plays match in-process with its report in a new directory, and returns
// the directory.
func wholeRun(t *testing.T, match string) string {
	t.Helper()
	dir := t.TempDir()
	args := append(append([]string{"tournament"}, strings.Fields(match)...), "--out", dir, "--progress", "off")
	if code, _, errOut := cli(t, args...); code != 0 {
		t.Fatalf("colony %q: exit %d, stderr %q", args, code, errOut)
	}
	return dir
}

// mergeShards merges the shard-*.jsonl files of dir into dir's report.
func mergeShards(t *testing.T, dir string, shards int) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "shard-*.jsonl"))
	if err != nil || len(names) != shards {
		t.Fatalf("%d games files in %s (%v), want %d", len(names), dir, err, shards)
	}
	args := append(append([]string{"tournament", "merge"}, names...), "--out", dir)
	if code, _, errOut := cli(t, args...); code != 0 {
		t.Fatalf("merge: exit %d, stderr %q", code, errOut)
	}
}

// runTask runs the job script as a task with only the environment env (as Slurm
// runs it under --export=NONE) and the arguments args, and returns its output.
func runTask(t *testing.T, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command("/bin/sh", append([]string{sbatchFile}, args...)...)
	cmd.Env = env
	out, _ := cmd.CombinedOutput()
	return string(out), cmd.ProcessState.ExitCode()
}

// TestSlurmJobScript writes a match file with the job script's --init, runs the
// script as the tasks of a job array with only the environment Slurm gives them (as
// under sbatch --export=NONE) and this test binary as colony: the shards merge to
// the whole run's report. Then one task alone, as 'sbatch --array=2' runs it (an
// array of one task, numbered 2), plays shard 2 of 4 again into its file: the merge
// is still the whole run's. A task outside an array, a task that is not a shard of
// the match, a missing or foreign match file and a program that is not there fail
// with a message and status 2.
func TestSlurmJobScript(t *testing.T) {
	text, err := os.ReadFile(sbatchFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#SBATCH --cpus-per-task=2\n", "#SBATCH --open-mode=append\n", "# --time: ", "--export=NONE"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("%s lacks %q", sbatchFile, want)
		}
	}
	if bytes.Contains(text, []byte("#SBATCH --array")) {
		t.Errorf("%s sets the array: the shards are the match file's", sbatchFile)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}

	results := filepath.Join(t.TempDir(), "results")
	init := exec.Command("/bin/sh", append([]string{sbatchFile, "--init", results, "4"}, strings.Fields(smallMatch)...)...)
	init.Env = colonyEnv(t)
	if out, err := init.CombinedOutput(); err != nil || !strings.Contains(string(out), "wrote "+results+"/match.args: 4 shards") {
		t.Fatalf("--init: %v\n%s", err, out)
	}
	m, err := sprtdriver.ReadMatchFile(results)
	if err != nil {
		t.Fatal(err)
	}
	if m.Colony != self || m.Shards != 4 || strings.Join(m.Args, " ") != smallMatch {
		t.Fatalf("--init wrote %+v, want colony %s, 4 shards, %q", m, self, smallMatch)
	}
	for task := 1; task <= 4; task++ {
		env := slurmEnv("SLURM_ARRAY_TASK_ID="+strconv.Itoa(task), "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4", "SLURM_ARRAY_TASK_COUNT=4")
		if out, code := runTask(t, env, results); code != 0 {
			t.Fatalf("task %d: exit %d\n%s", task, code, out)
		} else if want := fmt.Sprintf(", shard %d/4\n", task); !strings.Contains(out, want) {
			t.Errorf("task %d: its output does not say %q:\n%s", task, want, out)
		}
	}
	whole := wholeRun(t, smallMatch)
	mergeShards(t, results, 4)
	sameFiles(t, "match.sbatch", results, whole)
	if _, err := os.Stat(filepath.Join(results, "games.jsonl")); !os.IsNotExist(err) {
		t.Errorf("merge --out wrote a games.jsonl (%v), which its help does not list", err)
	}

	// sbatch --array=2: task 2 alone, shard 2 of the file's 4, from scratch.
	if err := os.Remove(filepath.Join(results, "shard-2.jsonl")); err != nil {
		t.Fatal(err)
	}
	env := slurmEnv("SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=2", "SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=1")
	if out, code := runTask(t, env, results); code != 0 || !strings.Contains(out, ", shard 2/4\n") {
		t.Fatalf("task 2 alone: exit %d, want 0 and shard 2/4:\n%s", code, out)
	}
	mergeShards(t, results, 4)
	sameFiles(t, "match.sbatch --array=2", results, whole)

	foreign := t.TempDir()
	if err := os.WriteFile(filepath.Join(foreign, "match.args"), []byte("colony /bin/colony\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gone := t.TempDir()
	if err := sprtdriver.WriteMatchFile(gone, &sprtdriver.MatchFile{Colony: "/no/such/colony", Shards: 2}); err != nil {
		t.Fatal(err)
	}
	task := func(id string) []string { return slurmEnv("SLURM_ARRAY_TASK_ID=" + id) }
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"no array", slurmEnv(), []string{results}, "not a task of a job array (submit it with sbatch --array=1-N, or as a Kubernetes indexed Job)"},
		{"task 5 of 4", task("5"), []string{results},
			"task 5 is not a shard of the match's 4 (" + results + "/match.args): submit --array=1-4, or a part of it"},
		{"task 0", task("0"), []string{results},
			"task 0 is not a shard of the match's 4 (" + results + "/match.args): submit --array=1-4, or a part of it"},
		{"no match file", task("1"), []string{empty},
			empty + "/match.args: no match file (write it with 'match.sbatch --init " + empty + " SHARDS FLAGS...', or run colony tournament sprt-driver)"},
		{"foreign match file", task("1"), []string{foreign},
			foreign + "/match.args: not a colony match file (its first line is not '# colony match file 1')"},
		{"no program", task("1"), []string{gone}, gone + "/match.args: the colony program /no/such/colony is not an executable file here"},
		{"bad index", slurmEnv("JOB_COMPLETION_INDEX=x"), []string{results}, "JOB_COMPLETION_INDEX 'x': not a number"},
		{"init without shards", slurmEnv(), []string{"--init", empty}, "usage: match.sbatch --init DIR SHARDS TOURNAMENT-FLAGS..."},
		{"init with 0 shards", slurmEnv(), []string{"--init", empty, "0", "-p", "a=random"}, "--init: shards '0': want a number, 1 or more"},
	} {
		out, code := runTask(t, tc.env, tc.args...)
		if code != 2 || !strings.HasPrefix(out, "match.sbatch: "+tc.want) {
			t.Errorf("%s: exit %d, output %q; want exit 2 and %q", tc.name, code, out, "match.sbatch: "+tc.want)
		}
	}
}

// k8sDoc is the part of a Kubernetes document that the test reads: a ConfigMap's
// data, a Job's spec.
type k8sDoc struct {
	Kind     string                `yaml:"kind"`
	Metadata struct{ Name string } `yaml:"metadata"`
	Data     map[string]string     `yaml:"data"`
	Spec     struct {
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		CompletionMode       string `yaml:"completionMode"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Command []string `yaml:"command"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// readK8s returns the documents of a manifest file.
func readK8s(t *testing.T, name string) []k8sDoc {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var docs []k8sDoc
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var d k8sDoc
		if err := dec.Decode(&d); err == io.EOF {
			return docs
		} else if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		docs = append(docs, d)
	}
}

// TestKubernetesJob reads deploy/k8s/match-job.yaml (the match's ConfigMap and the
// indexed Job) and runs its container's command for every completion index, as the
// image does (the job script as /usr/local/bin/colony-task, this test binary as
// colony, a temporary directory as the results volume): index I plays shard I+1,
// and the shards merged by merge-job.yaml's command give the whole run's report.
func TestKubernetesJob(t *testing.T) {
	docs := readK8s(t, k8sJobFile)
	if len(docs) != 2 || docs[0].Kind != "ConfigMap" || docs[1].Kind != "Job" {
		t.Fatalf("%s: %d documents, want a ConfigMap and a Job", k8sJobFile, len(docs))
	}
	m, err := sprtdriver.ParseMatchFile([]byte(docs[0].Data["match.args"]))
	if err != nil {
		t.Fatalf("%s: the ConfigMap's match.args: %v", k8sJobFile, err)
	}
	if m.Colony != sprtdriver.ImageColony || strings.Join(m.Args, " ") != defaultMatch {
		t.Errorf("%s: the match file's program %s and match %q, want %s and %q", k8sJobFile, m.Colony, m.Args, sprtdriver.ImageColony, defaultMatch)
	}
	s := docs[1].Spec
	got := fmt.Sprintf("completions=%d parallelism=%d %s restart=%s containers=%d", s.Completions, s.Parallelism, s.CompletionMode,
		s.Template.Spec.RestartPolicy, len(s.Template.Spec.Containers))
	if want := fmt.Sprintf("completions=%d parallelism=%d Indexed restart=Never containers=1", m.Shards, m.Shards); got != want {
		t.Fatalf("%s: %s, want %s", k8sJobFile, got, want)
	}
	command := s.Template.Spec.Containers[0].Command
	if want := []string{sprtdriver.ImageTask, "/results", "/match/match.args"}; !slices.Equal(command, want) {
		t.Fatalf("%s: command %q, want %q", k8sJobFile, command, want)
	}

	// The same command with the job script, a small match of the same shards and
	// local directories.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	results, matchDir := t.TempDir(), t.TempDir()
	small := &sprtdriver.MatchFile{Colony: self, Shards: m.Shards, Args: strings.Fields(smallMatch)}
	if err := sprtdriver.WriteMatchFile(matchDir, small); err != nil {
		t.Fatal(err)
	}
	for index := range s.Completions {
		env := []string{"COLONY_TEST_MAIN=1", "JOB_COMPLETION_INDEX=" + strconv.Itoa(index), "COLONY_CONCURRENCY=1", "COLONY_TASK_LOG=1"}
		if out, code := runTask(t, env, results, filepath.Join(matchDir, "match.args")); code != 0 {
			t.Fatalf("index %d: exit %d\n%s", index, code, out)
		}
		log, err := os.ReadFile(filepath.Join(results, fmt.Sprintf("shard-%d.log", index+1)))
		if want := fmt.Sprintf(", shard %d/%d\n", index+1, m.Shards); err != nil || !strings.Contains(string(log), want) {
			t.Errorf("index %d: its log (%v) does not say %q:\n%s", index, err, want, log)
		}
	}

	merge := readK8s(t, k8sMergeFile)
	if len(merge) != 1 || merge[0].Kind != "Job" || len(merge[0].Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%s: want one Job of one container", k8sMergeFile)
	}
	mc := merge[0].Spec.Template.Spec.Containers[0].Command
	if len(mc) != 3 || mc[0] != "sh" || mc[1] != "-c" || strings.Count(mc[2], "/results/") != 1 {
		t.Fatalf("%s: command %q, want [sh -c SCRIPT] on /results", k8sMergeFile, mc)
	}
	bin := t.TempDir()
	if err := os.Symlink(self, filepath.Join(bin, "colony")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", strings.ReplaceAll(mc[2], "/results", results))
	cmd.Env = []string{"COLONY_TEST_MAIN=1", "PATH=" + bin + ":/usr/bin:/bin"}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s's command: %v\n%s", k8sMergeFile, err, out)
	}
	sameFiles(t, "match-job.yaml", results, wholeRun(t, smallMatch))
}

// TestMergeOutHelp checks that merge's --out lists the files it writes, without the
// games file of a tournament's --out (merge writes none: see TestSlurmJobScript).
func TestMergeOutHelp(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		files string
	}{
		{[]string{"tournament", "merge", "--help"}, "summary.json, standings.csv, ratings.png\n"},
		{[]string{"tournament", "--help"}, "games.jsonl, summary.json, standings.csv, ratings.png\n"},
	} {
		_, out, _ := cli(t, tc.args...)
		if want := "directory DIR for all the output files: " + tc.files; !strings.Contains(out, want) {
			t.Errorf("colony %q: the help of --out does not say %q", tc.args, want)
		}
	}
}
