onmessage = () => postMessage(1);
