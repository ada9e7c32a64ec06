package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTrain trains a tiny network on a short self-play, resumes it with more epochs,
// checks that the same run again gives the same network, plays with it, and checks
// the errors a user meets.
func TestTrain(t *testing.T) {
	data := selfplayFixture(t)
	dir := t.TempDir()
	out1, out2 := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	args := []string{"train", "--data", data, "--hidden", "8", "--l2", "4", "--l3", "4", "--batch", "64"}
	code, out, errOut := cli(t, append(args, "--out", out1, "--epochs", "2")...)
	if code != 0 {
		t.Fatalf("train: exit %d, %s", code, errOut)
	}
	if !regexp.MustCompile(`^train: colony: held-out loss [0-9.]+ \([0-9.]+ before\), 2 epochs; network in .*network.nnue, losses in .*loss.csv and .*loss.png\n$`).MatchString(out) {
		t.Errorf("train printed %q", out)
	}
	if !strings.Contains(errOut, "epoch 2: loss") {
		t.Errorf("no epoch line in %q", errOut)
	}
	// Two more epochs by --resume equal four at once.
	if code, _, errOut := cli(t, append(args, "--out", out1, "--epochs", "4", "--resume")...); code != 0 {
		t.Fatalf("train --resume: exit %d, %s", code, errOut)
	}
	if code, _, errOut := cli(t, append(args, "--out", out2, "--epochs", "4")...); code != 0 {
		t.Fatalf("train: exit %d, %s", code, errOut)
	}
	weights := func(d string) []byte {
		b, err := os.ReadFile(filepath.Join(d, "network.nnue"))
		if err != nil {
			t.Fatal(err)
		}
		// The header records the command line, which differs: compare from the
		// weights on.
		return b[bytes.Index(b, []byte("}"))+1:]
	}
	if !bytes.Equal(weights(out1), weights(out2)) {
		t.Error("a run resumed after 2 epochs and an uninterrupted one of 4 give different networks")
	}
	for _, f := range []string{"loss.csv", "loss.png", "train.checkpoint"} {
		if _, err := os.Stat(filepath.Join(out1, f)); err != nil {
			t.Error(err)
		}
	}
	net := filepath.Join(out1, "network.nnue")
	if code, out, errOut := cli(t, "analyze", "--player", "ab:depth=2,eval=net:"+net); code != 0 || !strings.Contains(out, "bestmove") {
		t.Errorf("analyze with the network: exit %d, %q, %q", code, out, errOut)
	}
	damaged := filepath.Join(dir, "damaged.nnue")
	b, _ := os.ReadFile(net)
	b[len(b)/2] ^= 1
	os.WriteFile(damaged, b, 0o644)
	bad := []struct {
		args []string
		want string
	}{
		{append(args, "--out", out1), "holds a training run already"},
		{[]string{"train", "--data", filepath.Join(dir, "nothing"), "--out", filepath.Join(dir, "c")}, "nothing"},
		{[]string{"train", "--data", data, "--out", filepath.Join(dir, "d"), "--hidden", "6"}, "hidden width 6"},
		{[]string{"train", "--data", data, "--out", filepath.Join(dir, "f"), "--k", "0.0001"}, "K = 0.0001 per point is too small: the network's output scale, 4/K = 40000 points, would be above 10000 (give a larger --k)"},
		{[]string{"--game", "kalah", "train", "--data", data, "--out", filepath.Join(dir, "e")}, "games of colony, not kalah"},
		{[]string{"analyze", "--player", "ab:depth=1,eval=net:" + damaged}, "checksum"},
		{[]string{"--game", "kalah", "analyze", "--player", "ab:depth=1,eval=net:" + net}, "for the game colony, not kalah"},
		{[]string{"--rules", "colony:turncap=300", "analyze", "--player", "ab:depth=1,eval=net:" + net}, "rule set colony, not colony:turncap=300"},
		{[]string{"--game", "egyptian", "analyze", "--player", "ab:depth=1,eval=net"}, "no network ships for egyptian"},
		{[]string{"--game", "kalah:4x3", "analyze", "--player", "ab:depth=1,eval=net"}, "no network ships for kalah:4x3"},
	}
	for _, c := range bad {
		code, _, errOut := cli(t, c.args...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("colony %s: exit %d, %q; want an error saying %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
}
