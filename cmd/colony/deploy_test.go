package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The deployment files of the repository, from this package's directory.
var (
	readmeFile   = filepath.Join("..", "..", "README.md")
	sbatchFile   = filepath.Join("..", "..", "deploy", "slurm", "match.sbatch")
	k8sJobFile   = filepath.Join("..", "..", "deploy", "k8s", "match-job.yaml")
	defaultMatch = "-p new=ab:depth=5 -p old=ab:depth=4 --games 20000" // the README's
	smallMatch   = "-p a=ab:depth=1 -p b=greedy --games 12"
)

// TestReadmePointsToTheDeployFiles checks that the README links the job files and
// the end-to-end test instead of holding copies of them.
func TestReadmePointsToTheDeployFiles(t *testing.T) {
	data, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, link := range []string{"(deploy/slurm/match.sbatch)", "(deploy/k8s/match-job.yaml)", "(scripts/slurm-e2e)"} {
		if !strings.Contains(readme, link) {
			t.Errorf("the README does not link %s", link)
		}
	}
	for _, copied := range []string{"\n#SBATCH ", "kind: Job", "completionMode:"} {
		if strings.Contains(readme, copied) {
			t.Errorf("the README holds %q: a copy of a job file (point to the file instead)", copied)
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

// TestSlurmJobScript runs deploy/slurm/match.sbatch as the tasks of a job array,
// with the environment Slurm gives them and this test binary as colony: the shards
// merge to the whole run's report (an array numbered from 3, since the shard is the
// task's rank in the array). A script run outside an array, or in an array with
// gaps, fails with a message. The script's default match is the README's and is a
// valid tournament.
func TestSlurmJobScript(t *testing.T) {
	text, err := os.ReadFile(sbatchFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#SBATCH --array=1-16\n", "#SBATCH --cpus-per-task=2\n", "match=${COLONY_MATCH:-" + defaultMatch + "}\n"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("%s lacks %q", sbatchFile, want)
		}
	}
	if _, err := driverMatch(&options{game: "colony", rules: "colony"}, strings.Fields(defaultMatch)); err != nil {
		t.Errorf("the default match %q: %v", defaultMatch, err)
	}

	results := filepath.Join(t.TempDir(), "results")
	for task := 3; task <= 6; task++ {
		cmd := exec.Command("sh", sbatchFile)
		cmd.Env = colonyEnv(t, "COLONY_MATCH="+smallMatch, "COLONY_RESULTS="+results, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(task),
			"SLURM_ARRAY_TASK_MIN=3", "SLURM_ARRAY_TASK_MAX=6", "SLURM_ARRAY_TASK_COUNT=4", "SLURM_CPUS_PER_TASK=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("task %d: %v\n%s", task, err, out)
		} else if want := fmt.Sprintf(", shard %d/4\n", task-2); !strings.Contains(string(out), want) {
			t.Errorf("task %d: its output does not say %q:\n%s", task, want, out)
		}
	}
	mergeShards(t, results, 4)
	sameFiles(t, "match.sbatch", results, wholeRun(t, smallMatch))

	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"no array", nil, "match.sbatch: not a task of a job array (submit it with sbatch, --array=1-N)\n"},
		{"gaps", []string{"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=7", "SLURM_ARRAY_TASK_COUNT=4"},
			"match.sbatch: the array must be a range with step 1, such as --array=1-4\n"},
	} {
		cmd := exec.Command("sh", sbatchFile)
		cmd.Env = append(colonyEnv(t, "COLONY_RESULTS="+t.TempDir()), tc.env...)
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 2 || string(out) != tc.want {
			t.Errorf("%s: exit %d (%v), output %q; want exit 2 and %q", tc.name, code, err, out, tc.want)
		}
	}
}

// k8sJob is the part of a Kubernetes Job that the test reads.
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		CompletionMode string `yaml:"completionMode"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Command []string `yaml:"command"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// TestKubernetesJob parses deploy/k8s/match-job.yaml, checks that it is an indexed Job
// whose pods play the shards of the README's match and resume their files, and runs
// its container's command for every completion index (with this test binary as
// colony, a small match and a temporary directory as the volume): the shards merge
// to the whole run's report.
func TestKubernetesJob(t *testing.T) {
	data, err := os.ReadFile(k8sJobFile)
	if err != nil {
		t.Fatal(err)
	}
	var job k8sJob
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&job); err != nil {
		t.Fatalf("%s: %v", k8sJobFile, err)
	}
	s := job.Spec
	got := fmt.Sprintf("%s %s completions=%d parallelism=%d %s restart=%s containers=%d",
		job.APIVersion, job.Kind, s.Completions, s.Parallelism, s.CompletionMode, s.Template.Spec.RestartPolicy, len(s.Template.Spec.Containers))
	if want := "batch/v1 Job completions=16 parallelism=16 Indexed restart=OnFailure containers=1"; got != want {
		t.Fatalf("%s: %s, want %s", k8sJobFile, got, want)
	}
	command := s.Template.Spec.Containers[0].Command
	if len(command) != 3 || command[0] != "sh" || command[1] != "-c" {
		t.Fatalf("%s: command %q, want [sh -c SCRIPT]", k8sJobFile, command)
	}
	script := command[2]
	want := regexp.MustCompile(`^go run \./cmd/colony tournament ` + regexp.QuoteMeta(defaultMatch) +
		` --concurrency 2 --shard \$\(\(JOB_COMPLETION_INDEX\+1\)\)/16 --games-file /results/shard-\$JOB_COMPLETION_INDEX\.jsonl --resume$`)
	if !want.MatchString(script) {
		t.Fatalf("%s: the command %q does not match %s", k8sJobFile, script, want)
	}

	// The same command, with this test binary, a small match and a local volume.
	results := t.TempDir()
	for _, r := range []struct{ old, new string }{
		{"go run ./cmd/colony", `"$COLONY"`},
		{defaultMatch, smallMatch},
		{"/results/", results + "/"},
	} {
		if strings.Count(script, r.old) != 1 {
			t.Fatalf("%q is not once in the command %q", r.old, script)
		}
		script = strings.Replace(script, r.old, r.new, 1)
	}
	for index := range s.Completions {
		cmd := exec.Command("sh", "-c", script)
		cmd.Env = colonyEnv(t, "JOB_COMPLETION_INDEX="+strconv.Itoa(index))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("index %d: %v\n%s", index, err, out)
		}
	}
	mergeShards(t, results, s.Completions)
	sameFiles(t, "match-job.yaml", results, wholeRun(t, smallMatch))
}
