package sprtdriver

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/job.golden.json")

// goldenJob is the file of the Job that TestRenderJob renders, which the schema
// test of deploy/k8s/validate decodes into Kubernetes' types.
const goldenJob = "testdata/job.golden.json"

func TestParseKubernetes(t *testing.T) {
	for _, tc := range []struct{ text, want, err string }{
		{text: "image=registry.example/colony:1.0,claim=colony-results",
			want: `{Image:registry.example/colony:1.0 Claim:colony-results Namespace: CPU:1 Memory:1Gi Retries:3 Mount: Kubectl:}`},
		{text: "image=colony,claim=results,namespace=games,cpu=4,memory=512Mi,retries=0,mount=/results",
			want: `{Image:colony Claim:results Namespace:games CPU:4 Memory:512Mi Retries:0 Mount:/results Kubectl:}`},
		{text: "image=colony,claim=r,mount=results", err: `mount "results": want an absolute path, such as /results`},
		{text: "image=colony,claim=r,mount=/results/", err: `mount "/results/": want an absolute path, such as /results`},
		{text: "", err: "no settings: want image=IMAGE,claim=PVC[,namespace=NS][,cpu=N][,memory=SIZE][,retries=N][,mount=PATH]"},
		{text: "image=colony", err: `"image=colony": image= and claim= are required`},
		{text: "claim=results", err: `"claim=results": image= and claim= are required`},
		{text: "image=colony,claim=Results", err: `claim "Results": want a name of lower-case letters, digits and '-'`},
		{text: "image=colony,claim=r,namespace=-x", err: `namespace "-x": want a name of lower-case letters, digits and '-'`},
		{text: "image=a b,claim=r", err: `image "a b": holds a space or a quote`},
		{text: "image=colony,claim=r,cpu=0", err: `cpu "0": want a whole number from 1 to 1000`},
		{text: "image=colony,claim=r,cpu=1.5", err: `cpu "1.5": want a whole number from 1 to 1000`},
		{text: "image=colony,claim=r,retries=-1", err: `retries "-1": want a whole number from 0 to 1000`},
		{text: "image=colony,claim=r,memory=2G", err: `memory "2G": want a size such as 512Mi or 2Gi`},
		{text: "image=colony,claim=r,gpu=1", err: `"gpu": unknown setting (want image, claim, namespace, cpu, memory, retries or mount)`},
		{text: "image=colony,claim", err: `"claim": want KEY=VALUE`},
		{text: "image=colony,claim=", err: `"claim=": want KEY=VALUE`},
	} {
		k, err := ParseKubernetes(tc.text)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseKubernetes(%q): %v, want %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseKubernetes(%q): %v", tc.text, err)
		} else if got := fmt.Sprintf("%+v", *k); got != tc.want {
			t.Errorf("ParseKubernetes(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}

// TestRenderJob renders a batch's Job and compares it with testdata/job.golden.json
// (go test -update rewrites it); deploy/k8s/validate checks the file against the
// Kubernetes schema.
func TestRenderJob(t *testing.T) {
	k := &Kubernetes{Image: "registry.example/colony:1.0", Claim: "colony-results", CPU: 2, Memory: "1Gi", Retries: 3}
	b := &Batch{Number: 3, Tasks: 4, UntilPair: 24, Dir: "/results/sprt"}
	got, err := k.RenderJob(b)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(goldenJob, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goldenJob)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("the rendered Job differs from %s (go test -update rewrites it):\n%s", goldenJob, got)
	}
	if _, err := k.RenderJob(&Batch{Number: 1, Tasks: 1, Dir: "results"}); err == nil || err.Error() != `the results directory "results" is not absolute` {
		t.Errorf("RenderJob of a relative directory: %v", err)
	}
	// The claim mounted above the results directory: the pods see it where the
	// driver does.
	for _, tc := range []struct{ mount, dir, err string }{
		{"/results", "/results/sprt", ""},
		{"/results", "/results", ""},
		{"/", "/sprt", ""},
		{"/results", "/resultsx/sprt", "the results directory /resultsx/sprt is not in the claim's mount /results"},
		{"/results", "/other", "the results directory /other is not in the claim's mount /results"},
	} {
		k := *k
		k.Mount = tc.mount
		job, err := k.RenderJob(&Batch{Number: 1, Tasks: 1, Dir: tc.dir})
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("mount %s, dir %s: %v, want %q", tc.mount, tc.dir, err, tc.err)
			}
			continue
		}
		if err != nil || !strings.Contains(string(job), `"mountPath": "`+tc.mount+`"`) || !strings.Contains(string(job), `"`+tc.dir+`"`) {
			t.Errorf("mount %s, dir %s: %v:\n%s", tc.mount, tc.dir, err, job)
		}
	}
}

// TestClusterKubernetes runs a Cluster of Kubernetes against the stand-in of kubectl
// in testdata: the calls, the manifest it was given, the job file, the error.
func TestClusterKubernetes(t *testing.T) {
	const submitted = "batch 2: job colony-sprt-2-x7k2p, 3 tasks, pairs below 8\n"
	const get = "kubectl --namespace games get job colony-sprt-2-x7k2p -o jsonpath=" + jobStatus
	const del = "kubectl --namespace games delete job colony-sprt-2-x7k2p --ignore-not-found --wait=false"
	for _, tc := range []struct {
		name, create, get, del string
		recorded               string // the job file before, or ""
		interrupt              bool
		calls                  []string // after create's
		err, log, job          string   // @ for the directory
	}{
		{name: "complete at once", create: "ok", get: "running-once", calls: []string{get, get}, log: submitted, job: "kubernetes colony-sprt-2-x7k2p 2"},
		{name: "failed", create: "ok", get: "failed", calls: []string{get}, log: submitted, job: "kubernetes colony-sprt-2-x7k2p 2"},
		{name: "deleted", create: "ok", get: "notfound", calls: []string{get}, log: submitted, job: "kubernetes colony-sprt-2-x7k2p 2"},
		{name: "create fails", create: "fail",
			err: `kubectl create: exit status 1: error: jobs.batch is forbidden: User "u" cannot create resource "jobs"`},
		{name: "create says no job", create: "other", err: `kubectl create: no job name in its output "pod/colony"`},
		{name: "interrupted", create: "ok", get: "running", interrupt: true, calls: []string{del}, log: submitted,
			err: "waiting for job colony-sprt-2-x7k2p: context canceled (the job was cancelled)", job: "kubernetes colony-sprt-2-x7k2p 2"},
		{name: "interrupted, delete fails", create: "ok", get: "running", del: "fail", interrupt: true, calls: []string{del},
			log: submitted + "kubectl delete job colony-sprt-2-x7k2p: exit status 1: error: You must be logged in to the server (Unauthorized)\n",
			err: "waiting for job colony-sprt-2-x7k2p: context canceled (the job was cancelled)", job: "kubernetes colony-sprt-2-x7k2p 2"},
		{name: "an earlier run's job running", recorded: "kubernetes colony-sprt-1-abcde 1\n", get: "running",
			err: "kubernetes job colony-sprt-1-abcde (batch 1 of an earlier run for @) is still running (3 pods active): wait until it ends, " +
				"or cancel it (kubectl --namespace games delete job colony-sprt-1-abcde), then run again",
			job: "kubernetes colony-sprt-1-abcde 1"},
		{name: "an earlier run's job pending", recorded: "kubernetes colony-sprt-1-abcde 1\n", get: "pending",
			err: "kubernetes job colony-sprt-1-abcde (batch 1 of an earlier run for @) is still pending (no pod active): wait until it ends, " +
				"or cancel it (kubectl --namespace games delete job colony-sprt-1-abcde), then run again",
			job: "kubernetes colony-sprt-1-abcde 1"},
		{name: "cluster down", recorded: "kubernetes colony-sprt-1-abcde 1\n", get: "down",
			err: "whether kubernetes job colony-sprt-1-abcde of an earlier run for @ still runs: kubectl get job colony-sprt-1-abcde: " +
				"exit status 1: The connection to the server localhost:8080 was refused",
			job: "kubernetes colony-sprt-1-abcde 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := filepath.Join(t.TempDir(), "calls")
			t.Setenv("FAKE_KUBECTL_CALLS", calls)
			t.Setenv("FAKE_KUBECTL_CREATE", tc.create)
			t.Setenv("FAKE_KUBECTL_GET", tc.get)
			t.Setenv("FAKE_KUBECTL_DELETE", tc.del)
			dir := t.TempDir()
			at := func(s string) string { return strings.ReplaceAll(s, "@", dir) }
			if tc.recorded != "" {
				if err := os.WriteFile(filepath.Join(dir, JobFileName), []byte(tc.recorded), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var log lockedLog
			k := &Kubernetes{Image: "colony:1", Claim: "results", Namespace: "games", CPU: 2, Memory: "1Gi", Retries: 3,
				Kubectl: testdataPath(t, "kubectl")}
			c := &Cluster{Scheduler: k, Colony: ImageColony, Poll: time.Millisecond, Logf: log.logf}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.interrupt {
				go func() {
					for !strings.Contains(log.String(), "job colony-sprt-2") {
						time.Sleep(time.Millisecond)
					}
					cancel()
				}()
			}
			b := &Batch{Number: 2, Tasks: 3, UntilPair: 8, Args: []string{"-p", "a=random", "-p", "b=greedy"}, Dir: dir}
			err := c.Submit(ctx, b)
			if got := fmt.Sprint(err); (tc.err == "" && err != nil) || (tc.err != "" && got != at(tc.err)) {
				t.Errorf("Submit: %v, want %q", err, at(tc.err))
			}
			if got := log.String(); got != tc.log {
				t.Errorf("log %q, want %q", got, tc.log)
			}
			if got := strings.Join(readLines(t, filepath.Join(dir, JobFileName)), "\n"); got != tc.job {
				t.Errorf("the job file %q, want %q", got, tc.job)
			}
			lines := readLines(t, calls)
			if tc.recorded != "" {
				want := "kubectl --namespace games get job colony-sprt-1-abcde -o jsonpath=" + jobStatus
				if len(lines) != 1 || lines[0] != want {
					t.Errorf("calls %q, want only %q", lines, want)
				}
				return
			}
			if create := "kubectl --namespace games create -f - -o name"; len(lines) == 0 || lines[0] != create {
				t.Fatalf("calls %q, want %q first", lines, create)
			}
			rest := lines[1:]
			if tc.interrupt && len(rest) > 0 {
				rest = rest[len(rest)-1:]
			}
			if strings.Join(rest, "\n") != strings.Join(tc.calls, "\n") {
				t.Errorf("calls after create\n%q\nwant\n%q", rest, tc.calls)
			}
			job, err := os.ReadFile(calls + ".job")
			if err != nil {
				t.Fatal(err)
			}
			want, err := k.RenderJob(b)
			if err != nil {
				t.Fatal(err)
			}
			if string(job) != string(want) {
				t.Errorf("kubectl create was given\n%s\nwant\n%s", job, want)
			}
		})
	}
}

func TestKubernetesNames(t *testing.T) {
	k := &Kubernetes{}
	if got, want := k.CancelCommand("j-1"), "kubectl delete job j-1"; got != want {
		t.Errorf("CancelCommand = %q, want %q", got, want)
	}
	if got, want := k.TaskLogs(), "DIR/shard-K.log"; got != want {
		t.Errorf("TaskLogs = %q, want %q", got, want)
	}
	if got, want := k.Name(), "kubernetes"; got != want {
		t.Errorf("Name = %q, want %q", got, want)
	}
}
