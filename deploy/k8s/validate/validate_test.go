package validate

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// The files checked: every manifest of deploy/k8s, and the driver's rendered Job.
var (
	manifestDir = ".."
	renderedJob = filepath.Join("..", "..", "..", "tournament", "sprtdriver", "testdata", "job.golden.json")
)

// document is one YAML document of a file.
type document struct {
	file  string
	index int
	data  []byte
}

func (d document) String() string { return fmt.Sprintf("%s (document %d)", d.file, d.index+1) }

// documents splits the files into their YAML documents (a JSON file is one).
func documents(t *testing.T, files ...string) []document {
	t.Helper()
	var docs []document
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for i := 0; ; i++ {
			doc, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(bytes.TrimSpace(stripComments(doc))) == 0 {
				continue
			}
			docs = append(docs, document{file: name, index: i, data: doc})
		}
	}
	return docs
}

// stripComments drops the comment lines of a YAML document.
func stripComments(doc []byte) []byte {
	var out []byte
	for line := range bytes.Lines(doc) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			out = append(out, line...)
		}
	}
	return out
}

// decodeStrict decodes a document into v, refusing unknown and duplicate fields.
func decodeStrict(doc []byte, v any) error {
	return yaml.UnmarshalStrict(doc, v)
}

// typeMeta is a document's kind.
type typeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

// manifests returns the files of deploy/k8s and the rendered Job.
func manifests(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(manifestDir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("%d manifests in %s, want match-job.yaml, merge-job.yaml and results-pvc.yaml at least", len(files), manifestDir)
	}
	return append(files, renderedJob)
}

// TestManifestsMatchTheSchema decodes every document strictly into its k8s.io/api
// type and checks it (see checkJob, checkPodSpec, checkClaim).
func TestManifestsMatchTheSchema(t *testing.T) {
	kinds := map[string]int{}
	claims := map[string]bool{}
	var usedClaims []string
	for _, d := range documents(t, manifests(t)...) {
		var tm typeMeta
		if err := yaml.Unmarshal(d.data, &tm); err != nil {
			t.Errorf("%v: %v", d, err)
			continue
		}
		gv, err := schema.ParseGroupVersion(tm.APIVersion)
		if err != nil {
			t.Errorf("%v: apiVersion %q: %v", d, tm.APIVersion, err)
			continue
		}
		kinds[tm.Kind]++
		var problems []string
		switch gv.WithKind(tm.Kind) {
		case batchv1.SchemeGroupVersion.WithKind("Job"):
			var job batchv1.Job
			if err := decodeStrict(d.data, &job); err != nil {
				t.Errorf("%v: not a batch/v1 Job: %v", d, err)
				continue
			}
			problems = checkJob(&job)
			for _, v := range job.Spec.Template.Spec.Volumes {
				if v.PersistentVolumeClaim != nil {
					usedClaims = append(usedClaims, v.PersistentVolumeClaim.ClaimName)
				}
			}
		case corev1.SchemeGroupVersion.WithKind("ConfigMap"):
			var cm corev1.ConfigMap
			if err := decodeStrict(d.data, &cm); err != nil {
				t.Errorf("%v: not a v1 ConfigMap: %v", d, err)
				continue
			}
			if cm.Name == "" || len(cm.Data) == 0 {
				problems = append(problems, "a ConfigMap without a name or data")
			}
		case corev1.SchemeGroupVersion.WithKind("PersistentVolumeClaim"):
			var pvc corev1.PersistentVolumeClaim
			if err := decodeStrict(d.data, &pvc); err != nil {
				t.Errorf("%v: not a v1 PersistentVolumeClaim: %v", d, err)
				continue
			}
			problems = checkClaim(&pvc)
			claims[pvc.Name] = true
		default:
			problems = append(problems, fmt.Sprintf("%s %s: a kind this test does not know", tm.APIVersion, tm.Kind))
		}
		for _, p := range problems {
			t.Errorf("%v: %s", d, p)
		}
	}
	if kinds["Job"] < 3 || kinds["ConfigMap"] != 1 || kinds["PersistentVolumeClaim"] != 1 {
		t.Errorf("kinds %v, want 3 Jobs or more (match, merge, the driver's), a ConfigMap and a PersistentVolumeClaim", kinds)
	}
	for _, c := range usedClaims {
		if c != "colony-results" || !claims[c] {
			t.Errorf("a Job mounts the claim %q, which deploy/k8s does not define as colony-results", c)
		}
	}
}

// checkJob returns what is wrong with a Job: the API server's rules on indexed Jobs
// and pod failure policies, and the project's (restartPolicy Never and a failure
// budget per index for an indexed Job, and checkPodSpec).
func checkJob(job *batchv1.Job) []string {
	var p []string
	s := &job.Spec
	if job.Name == "" && job.GenerateName == "" {
		p = append(p, "no name")
	}
	indexed := s.CompletionMode != nil && *s.CompletionMode == batchv1.IndexedCompletion
	if s.BackoffLimitPerIndex != nil && !indexed {
		p = append(p, "backoffLimitPerIndex without completionMode Indexed")
	}
	if indexed {
		if s.Completions == nil || *s.Completions < 1 {
			p = append(p, "an indexed Job without completions")
		}
		if s.BackoffLimitPerIndex == nil {
			p = append(p, "an indexed Job without backoffLimitPerIndex (one shared backoffLimit fails every index for a few crashes)")
		}
		if s.Parallelism == nil || s.Completions == nil || *s.Parallelism != *s.Completions {
			p = append(p, "parallelism is not completions")
		}
		if s.PodFailurePolicy == nil {
			p = append(p, "an indexed Job without a podFailurePolicy for disruptions")
		}
	}
	if pfp := s.PodFailurePolicy; pfp != nil {
		if s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
			p = append(p, fmt.Sprintf("a podFailurePolicy with restartPolicy %q, want Never", s.Template.Spec.RestartPolicy))
		}
		disruption := false
		for i, r := range pfp.Rules {
			if (r.OnExitCodes == nil) == (len(r.OnPodConditions) == 0) {
				p = append(p, fmt.Sprintf("podFailurePolicy rule %d: want exactly one of onExitCodes and onPodConditions", i))
			}
			if r.Action == batchv1.PodFailurePolicyActionFailIndex && s.BackoffLimitPerIndex == nil {
				p = append(p, fmt.Sprintf("podFailurePolicy rule %d: FailIndex without backoffLimitPerIndex", i))
			}
			if r.OnExitCodes != nil {
				if slices.Contains(r.OnExitCodes.Values, 0) {
					p = append(p, fmt.Sprintf("podFailurePolicy rule %d: exit code 0", i))
				}
				if n := r.OnExitCodes.ContainerName; n != nil && !slices.ContainsFunc(s.Template.Spec.Containers, func(c corev1.Container) bool { return c.Name == *n }) {
					p = append(p, fmt.Sprintf("podFailurePolicy rule %d: no container %q", i, *n))
				}
			}
			for _, c := range r.OnPodConditions {
				if c.Type == corev1.DisruptionTarget && r.Action == batchv1.PodFailurePolicyActionIgnore {
					disruption = true
				}
			}
		}
		if !disruption {
			p = append(p, "the podFailurePolicy does not ignore disruptions (DisruptionTarget → Ignore)")
		}
	}
	switch s.Template.Spec.RestartPolicy {
	case corev1.RestartPolicyNever, corev1.RestartPolicyOnFailure:
	default:
		p = append(p, fmt.Sprintf("restartPolicy %q: a Job's is Never or OnFailure", s.Template.Spec.RestartPolicy))
	}
	if s.TTLSecondsAfterFinished == nil {
		p = append(p, "no ttlSecondsAfterFinished: finished Jobs pile up")
	}
	return append(p, checkPodSpec(&s.Template.Spec)...)
}

// checkPodSpec returns what is wrong with a pod's spec: a volumeMount without its
// volume, a volume without its source, a container without its image, command, or
// requests and limits of CPU and memory (limits at least the requests), and a
// shell command that builds the program ('go run').
func checkPodSpec(spec *corev1.PodSpec) []string {
	var p []string
	volumes := map[string]bool{}
	for _, v := range spec.Volumes {
		if v.PersistentVolumeClaim == nil && v.ConfigMap == nil {
			p = append(p, fmt.Sprintf("volume %q: neither a persistentVolumeClaim nor a configMap", v.Name))
		}
		volumes[v.Name] = true
	}
	if len(spec.Containers) == 0 {
		p = append(p, "no container")
	}
	for _, c := range spec.Containers {
		if c.Image == "" || len(c.Command) == 0 {
			p = append(p, fmt.Sprintf("container %q: no image or no command", c.Name))
		}
		if strings.Contains(strings.Join(c.Command, " "), "go run") {
			p = append(p, fmt.Sprintf("container %q: 'go run' builds the program in every pod: use the image's", c.Name))
		}
		for _, m := range c.VolumeMounts {
			if !volumes[m.Name] {
				p = append(p, fmt.Sprintf("container %q: volumeMount %q has no volume", c.Name, m.Name))
			}
			if !strings.HasPrefix(m.MountPath, "/") {
				p = append(p, fmt.Sprintf("container %q: mountPath %q is not absolute", c.Name, m.MountPath))
			}
		}
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			req, okReq := c.Resources.Requests[r]
			lim, okLim := c.Resources.Limits[r]
			switch {
			case !okReq || !okLim:
				p = append(p, fmt.Sprintf("container %q: no %s request or limit", c.Name, r))
			case lim.Cmp(req) < 0:
				p = append(p, fmt.Sprintf("container %q: the %s limit %s is below the request %s", c.Name, r, lim.String(), req.String()))
			case req.Cmp(resource.MustParse("0")) <= 0:
				p = append(p, fmt.Sprintf("container %q: a %s request of %s", c.Name, r, req.String()))
			}
		}
	}
	return p
}

// checkClaim returns what is wrong with the results' claim: not ReadWriteMany (the
// pods of a Job run on several nodes), or no storage asked.
func checkClaim(pvc *corev1.PersistentVolumeClaim) []string {
	var p []string
	if !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		p = append(p, fmt.Sprintf("access modes %v, want ReadWriteMany", pvc.Spec.AccessModes))
	}
	if _, ok := pvc.Spec.Resources.Requests[corev1.ResourceStorage]; !ok {
		p = append(p, "no storage request")
	}
	return p
}

// TestChecksCatchMistakes runs the checks on broken Jobs: each mistake is found.
func TestChecksCatchMistakes(t *testing.T) {
	good := func() *batchv1.Job {
		var job batchv1.Job
		data, err := os.ReadFile(renderedJob)
		if err != nil {
			t.Fatal(err)
		}
		if err := decodeStrict(data, &job); err != nil {
			t.Fatal(err)
		}
		return &job
	}
	if p := checkJob(good()); len(p) != 0 {
		t.Fatalf("the rendered Job: %q", p)
	}
	for _, tc := range []struct {
		name   string
		mutate func(j *batchv1.Job)
		want   string
	}{
		{"not indexed", func(j *batchv1.Job) { j.Spec.CompletionMode = nil }, "backoffLimitPerIndex without completionMode Indexed"},
		{"OnFailure", func(j *batchv1.Job) { j.Spec.Template.Spec.RestartPolicy = corev1.RestartPolicyOnFailure }, `a podFailurePolicy with restartPolicy "OnFailure", want Never`},
		{"shared backoff", func(j *batchv1.Job) { j.Spec.BackoffLimitPerIndex = nil },
			"an indexed Job without backoffLimitPerIndex (one shared backoffLimit fails every index for a few crashes)"},
		{"no disruption rule", func(j *batchv1.Job) { j.Spec.PodFailurePolicy.Rules = j.Spec.PodFailurePolicy.Rules[1:] },
			"the podFailurePolicy does not ignore disruptions (DisruptionTarget → Ignore)"},
		{"undefined volume", func(j *batchv1.Job) { j.Spec.Template.Spec.Volumes = nil }, `container "task": volumeMount "results" has no volume`},
		{"no memory limit", func(j *batchv1.Job) {
			delete(j.Spec.Template.Spec.Containers[0].Resources.Limits, corev1.ResourceMemory)
		},
			`container "task": no memory request or limit`},
		{"go run", func(j *batchv1.Job) {
			j.Spec.Template.Spec.Containers[0].Command = []string{"sh", "-c", "go run ./cmd/colony"}
		},
			`container "task": 'go run' builds the program in every pod: use the image's`},
		{"limit below request", func(j *batchv1.Job) {
			j.Spec.Template.Spec.Containers[0].Resources.Limits[corev1.ResourceCPU] = resource.MustParse("500m")
		}, `container "task": the cpu limit 500m is below the request 2`},
	} {
		j := good()
		tc.mutate(j)
		if p := checkJob(j); !slices.Contains(p, tc.want) {
			t.Errorf("%s: problems %q, want %q among them", tc.name, p, tc.want)
		}
	}
	var job batchv1.Job
	if err := decodeStrict([]byte("apiVersion: batch/v1\nkind: Job\nspec:\n  backofLimit: 3\n"), &job); err == nil ||
		!strings.Contains(err.Error(), `unknown field "backofLimit"`) {
		t.Errorf("a misspelt field: %v, want it refused", err)
	}
}
